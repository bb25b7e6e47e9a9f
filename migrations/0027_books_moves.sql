CREATE TABLE `books_departed_bets` (
	`move_id` integer NOT NULL,
	`id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`stake_cents` integer NOT NULL,
	`isaward` integer NOT NULL,
	`created_at_ms` integer NOT NULL,
	PRIMARY KEY(`move_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `books_departed_bets_round` ON `books_departed_bets` (`round_id`);--> statement-breakpoint
CREATE TABLE `books_departed_finance` (
	`move_id` integer NOT NULL,
	`id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`start_at_ms` integer NOT NULL,
	PRIMARY KEY(`move_id`, `id`)
);
--> statement-breakpoint
CREATE TABLE `books_departed_ledger` (
	`move_id` integer NOT NULL,
	`id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`type` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`ref` text,
	`created_at_ms` integer NOT NULL,
	PRIMARY KEY(`move_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `books_departed_ledger_time` ON `books_departed_ledger` (`created_at_ms`);--> statement-breakpoint
CREATE INDEX `books_departed_ledger_key` ON `books_departed_ledger` (`idempotency_key`);--> statement-breakpoint
CREATE TABLE `books_departed_orders` (
	`move_id` integer NOT NULL,
	`id` integer NOT NULL,
	`ordersn` text NOT NULL,
	`user_id` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`cancelled_at_ms` integer,
	PRIMARY KEY(`move_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `books_departed_orders_sn` ON `books_departed_orders` (`ordersn`);--> statement-breakpoint
CREATE TABLE `books_moves` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`user_id` integer NOT NULL,
	`direction` text NOT NULL,
	`at_ms` integer NOT NULL,
	`balance_cents` integer NOT NULL,
	`finance_cents` integer NOT NULL,
	`ledger_id` integer,
	`through_ledger_id` integer NOT NULL,
	`through_bet_id` integer NOT NULL,
	`through_order_id` integer NOT NULL,
	`through_finance_id` integer NOT NULL,
	CONSTRAINT "books_moves_direction_known" CHECK("books_moves"."direction" IN ('in', 'out'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `books_moves_key_unique` ON `books_moves` (`key`);--> statement-breakpoint
CREATE INDEX `books_moves_player` ON `books_moves` (`user_id`,`direction`);--> statement-breakpoint
CREATE INDEX `books_moves_time` ON `books_moves` (`at_ms`);
--> statement-breakpoint
-- docs/decisions/162: what the books per day read of a move, in and out, stays as it was written.
CREATE TRIGGER books_moves_no_update BEFORE UPDATE ON books_moves BEGIN SELECT RAISE(ABORT, 'books moves are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER books_moves_no_delete BEFORE DELETE ON books_moves BEGIN SELECT RAISE(ABORT, 'books moves are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER books_departed_ledger_no_change BEFORE UPDATE ON books_departed_ledger BEGIN SELECT RAISE(ABORT, 'departed rows are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER books_departed_ledger_no_delete BEFORE DELETE ON books_departed_ledger BEGIN SELECT RAISE(ABORT, 'departed rows are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER books_departed_bets_no_change BEFORE UPDATE ON books_departed_bets BEGIN SELECT RAISE(ABORT, 'departed rows are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER books_departed_bets_no_delete BEFORE DELETE ON books_departed_bets BEGIN SELECT RAISE(ABORT, 'departed rows are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER books_departed_orders_no_change BEFORE UPDATE ON books_departed_orders BEGIN SELECT RAISE(ABORT, 'departed rows are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER books_departed_orders_no_delete BEFORE DELETE ON books_departed_orders BEGIN SELECT RAISE(ABORT, 'departed rows are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER books_departed_finance_no_change BEFORE UPDATE ON books_departed_finance BEGIN SELECT RAISE(ABORT, 'departed rows are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER books_departed_finance_no_delete BEFORE DELETE ON books_departed_finance BEGIN SELECT RAISE(ABORT, 'departed rows are append-only'); END;
