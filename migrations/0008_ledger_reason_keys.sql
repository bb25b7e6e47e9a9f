ALTER TABLE `ledger` ADD `reason_key` text;--> statement-breakpoint
ALTER TABLE `ledger` ADD `reason_params` text;