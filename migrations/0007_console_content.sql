ALTER TABLE `adjustment_requests` ADD `request_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `adjustment_requests_request_key_unique` ON `adjustment_requests` (`request_key`);--> statement-breakpoint
ALTER TABLE `rounds` ADD `void_note` text;