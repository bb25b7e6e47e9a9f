CREATE TABLE `payout_claims` (
	`type` text NOT NULL,
	`account` text NOT NULL,
	`address` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at_ms` integer NOT NULL,
	PRIMARY KEY(`type`, `account`, `address`)
);
--> statement-breakpoint
-- The accounts bound before the claims: where this is the database that held them (the one database of a
-- deployment before its shards), each live account's holder claims it; in a new database this copies nothing.
INSERT OR IGNORE INTO `payout_claims` (`type`, `account`, `address`, `user_id`, `created_at_ms`)
  SELECT `type`, `account`, `address`, `user_id`, `created_at_ms` FROM `bank_cards` WHERE `deleted_at_ms` IS NULL;
