CREATE TABLE `player_moves` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`from_shard` integer NOT NULL,
	`to_shard` integer NOT NULL,
	`was_frozen` integer NOT NULL,
	`started_at_ms` integer NOT NULL
);
--> statement-breakpoint
-- docs/decisions/161 "Moving a player": the ledger, self-exclusions and the audit stay append-only, except for the
-- rows of a player being moved out of (or a half-made copy in) this database, while their move marker stands.
DROP TRIGGER IF EXISTS ledger_no_delete;
--> statement-breakpoint
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
WHEN NOT EXISTS (SELECT 1 FROM player_moves m WHERE m.user_id = OLD.user_id)
BEGIN
  SELECT RAISE(ABORT, 'ledger rows are append-only');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS self_exclusions_no_delete;
--> statement-breakpoint
CREATE TRIGGER self_exclusions_no_delete BEFORE DELETE ON self_exclusions
WHEN NOT EXISTS (SELECT 1 FROM player_moves m WHERE m.user_id = OLD.user_id)
BEGIN
  SELECT RAISE(ABORT, 'self-exclusions cannot be changed');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_log_no_delete;
--> statement-breakpoint
-- a player's audit rows: theirs as the actor, about their account, or about their deposit and withdrawal
-- requests (worker/players/move-tables.ts auditRowsOf says the same)
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
WHEN NOT EXISTS (SELECT 1 FROM player_moves m WHERE OLD.actor_id = m.user_id OR OLD.target = 'user:' || m.user_id
  OR OLD.target IN (SELECT 'deposit:' || d.id FROM deposit_requests d WHERE d.user_id = m.user_id)
  OR OLD.target IN (SELECT 'withdrawal:' || w.id FROM withdrawal_requests w WHERE w.user_id = m.user_id))
BEGIN
  SELECT RAISE(ABORT, 'audit rows are append-only');
END;
