ALTER TABLE `adjustment_requests` ADD `player_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `bank_cards` ADD `network` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `ledger` ADD `operator_note` text;