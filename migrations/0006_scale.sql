CREATE INDEX `bets_round_newest` ON `bets` (`round_id`,`id`);--> statement-breakpoint
CREATE INDEX `bets_user_state` ON `bets` (`user_id`,`isaward`,`created_at_ms`);--> statement-breakpoint
CREATE INDEX `deposit_requests_user_newest` ON `deposit_requests` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `withdrawal_requests_user_newest` ON `withdrawal_requests` (`user_id`,`id`);--> statement-breakpoint
-- docs/decisions/110: from here a stake's other side is the round's stakes in play, booked to the house
-- once per round at settlement. Stakes placed before this migration already have their house mirror
-- rows, and their rounds will book the stakes again when settled: one house row gives back the house
-- side of every stake still in play now, so the books stay whole (balances + stakes in play = 0).
INSERT INTO ledger (user_id, amount_cents, before_cents, after_cents, type, reason, ref, idempotency_key, created_at_ms)
SELECT u.id, -s.total, u.money_cents, u.money_cents - s.total, 'bet', 'stakes in play move to per-round booking', NULL,
  'migration-0006:stakes-in-play:house', CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM users u, (SELECT COALESCE(SUM(stake_cents), 0) AS total FROM bets WHERE isaward = -1) AS s
WHERE u.id = 1 AND s.total > 0;
--> statement-breakpoint
UPDATE users SET money_cents = money_cents - (SELECT COALESCE(SUM(stake_cents), 0) FROM bets WHERE isaward = -1) WHERE id = 1;
