CREATE TABLE `books_days` (
	`day` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`players_open_cents` integer NOT NULL,
	`house_open_cents` integer NOT NULL,
	`in_play_open_cents` integer NOT NULL,
	`finance_open_cents` integer NOT NULL,
	`players_close_cents` integer NOT NULL,
	`house_close_cents` integer NOT NULL,
	`in_play_close_cents` integer NOT NULL,
	`finance_close_cents` integer NOT NULL,
	`movements` text NOT NULL,
	`problems` text NOT NULL,
	`through_ledger_id` integer NOT NULL,
	`at_ms` integer NOT NULL,
	CONSTRAINT "books_days_status_known" CHECK("books_days"."status" IN ('closed', 'refused'))
);
--> statement-breakpoint
CREATE INDEX `rounds_settled_time` ON `rounds` (`settled_at_ms`);--> statement-breakpoint
-- worker/insight/books-days.ts: a closed day's figures never change (the next day opened from them).
CREATE TRIGGER books_days_closed_no_update BEFORE UPDATE ON books_days WHEN OLD.status = 'closed'
BEGIN
  SELECT RAISE(ABORT, 'a closed day of the books cannot change');
END;
--> statement-breakpoint
CREATE TRIGGER books_days_closed_no_delete BEFORE DELETE ON books_days WHEN OLD.status = 'closed'
BEGIN
  SELECT RAISE(ABORT, 'a closed day of the books cannot change');
END;
