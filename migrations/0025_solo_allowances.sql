CREATE TABLE `solo_allowances` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`operator_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reservation_key` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`window_cents` integer NOT NULL,
	`limit_cents` integer NOT NULL,
	`created_at_ms` integer NOT NULL,
	CONSTRAINT "solo_allowances_window" CHECK("solo_allowances"."window_cents" <= "solo_allowances"."limit_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `solo_allowances_reservation_key_unique` ON `solo_allowances` (`reservation_key`);--> statement-breakpoint
CREATE INDEX `solo_allowances_operator` ON `solo_allowances` (`operator_id`,`created_at_ms`);