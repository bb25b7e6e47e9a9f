-- A home-page banner leading outside the site waits for a second admin (docs/decisions/188): setting_requests
-- takes its keys, banner:<id> and banner:new. Nothing references this table: drizzle's rebuild is safe here
-- (migration 0018, as 0030).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_setting_requests` (
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
	CONSTRAINT "setting_requests_key_known" CHECK("__new_setting_requests"."key" IN ('deposit_payees', 'coin_payouts', 'deposit_mode', 'kefu_url', 'banner:new') OR ("__new_setting_requests"."key" GLOB 'banner:[1-9]*' AND substr("__new_setting_requests"."key", 8) NOT GLOB '*[^0-9]*')),
	CONSTRAINT "setting_requests_status_known" CHECK("__new_setting_requests"."status" IN ('pending', 'approved', 'rejected', 'cancelled'))
);
--> statement-breakpoint
INSERT INTO `__new_setting_requests`("id", "key", "before", "value", "requested_by", "status", "decided_by", "created_at_ms", "decided_at_ms") SELECT "id", "key", "before", "value", "requested_by", "status", "decided_by", "created_at_ms", "decided_at_ms" FROM `setting_requests`;--> statement-breakpoint
DROP TABLE `setting_requests`;--> statement-breakpoint
ALTER TABLE `__new_setting_requests` RENAME TO `setting_requests`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `setting_requests_status` ON `setting_requests` (`status`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `setting_requests_one_pending` ON `setting_requests` (`key`) WHERE "setting_requests"."status" = 'pending';