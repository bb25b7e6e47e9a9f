ALTER TABLE `deposit_requests` ADD `payee_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `deposit_requests` ADD `payee_account` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `deposit_requests` ADD `transfer_ref` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `rounds_status_time` ON `rounds` (`status`,`draw_at_ms`,`id`);