-- Where players pay and what a coin payout is worth are money (docs/decisions/167-money-settings-four-eyes.md): a change
-- of the deposit payees or the coin payout rates waits here for a second admin; settings keeps the approved value.
CREATE TABLE `setting_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`before` text NOT NULL,
	`value` text NOT NULL,
	`requested_by` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by` integer,
	`created_at_ms` integer NOT NULL,
	`decided_at_ms` integer,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "setting_requests_key_known" CHECK("setting_requests"."key" IN ('deposit_payees', 'coin_payouts')),
	CONSTRAINT "setting_requests_status_known" CHECK("setting_requests"."status" IN ('pending', 'approved', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `setting_requests_status` ON `setting_requests` (`status`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `setting_requests_one_pending` ON `setting_requests` (`key`) WHERE "setting_requests"."status" = 'pending';