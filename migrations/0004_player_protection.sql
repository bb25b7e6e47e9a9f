CREATE TABLE `play_limits` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`period` text NOT NULL,
	`amount_cents` integer,
	`pending_amount_cents` integer,
	`pending_at_ms` integer,
	`updated_at_ms` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `period`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "play_limits_kind_known" CHECK("play_limits"."kind" IN ('deposit', 'loss', 'stake')),
	CONSTRAINT "play_limits_period_known" CHECK("play_limits"."period" IN ('day', 'week', 'month')),
	CONSTRAINT "play_limits_amount_positive" CHECK("play_limits"."amount_cents" IS NULL OR "play_limits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE `self_exclusions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`period` text NOT NULL,
	`start_at_ms` integer NOT NULL,
	`end_at_ms` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "self_exclusions_period_known" CHECK("self_exclusions"."period" IN ('24h', '7d', '30d', '6m', '1y', '5y', 'forever'))
);
--> statement-breakpoint
CREATE INDEX `self_exclusions_user` ON `self_exclusions` (`user_id`,`end_at_ms`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `reality_check_seen_at_ms` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `reality_check_minutes` integer DEFAULT 60 NOT NULL;--> statement-breakpoint
-- docs/product.md#player-protection: nobody, player or operator, can lift a time-out or self-exclusion early.
CREATE TRIGGER self_exclusions_no_update BEFORE UPDATE ON self_exclusions
BEGIN
  SELECT RAISE(ABORT, 'self-exclusions cannot be changed');
END;
--> statement-breakpoint
CREATE TRIGGER self_exclusions_no_delete BEFORE DELETE ON self_exclusions
BEGIN
  SELECT RAISE(ABORT, 'self-exclusions cannot be changed');
END;
