CREATE TABLE `solo_adjustments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`operator_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`player_window_cents` integer NOT NULL,
	`player_limit_cents` integer NOT NULL,
	`operator_window_cents` integer NOT NULL,
	`operator_limit_cents` integer NOT NULL,
	`ledger_key` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "solo_adjustments_player_window" CHECK("solo_adjustments"."player_window_cents" <= "solo_adjustments"."player_limit_cents"),
	CONSTRAINT "solo_adjustments_operator_window" CHECK("solo_adjustments"."operator_window_cents" <= "solo_adjustments"."operator_limit_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `solo_adjustments_ledger_key_unique` ON `solo_adjustments` (`ledger_key`);--> statement-breakpoint
CREATE INDEX `solo_adjustments_operator_player` ON `solo_adjustments` (`operator_id`,`user_id`,`created_at_ms`);--> statement-breakpoint
CREATE INDEX `solo_adjustments_operator` ON `solo_adjustments` (`operator_id`,`created_at_ms`);--> statement-breakpoint
CREATE INDEX `solo_adjustments_player` ON `solo_adjustments` (`user_id`,`created_at_ms`);--> statement-breakpoint
ALTER TABLE `users` ADD `totp_last_step` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `operator_role` text;--> statement-breakpoint
CREATE INDEX `adjustment_requests_user` ON `adjustment_requests` (`user_id`,`created_at_ms`);--> statement-breakpoint
-- Operators that existed before roles keep every power they had (decision 060).
UPDATE `users` SET `operator_role` = 'admin' WHERE `role` = 'operator';
