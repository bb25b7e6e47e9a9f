CREATE TABLE `account_directory` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`quhao` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`shard` integer,
	`created_at_ms` integer NOT NULL,
	CONSTRAINT "account_directory_shard_range" CHECK("account_directory"."shard" IS NULL OR "account_directory"."shard" BETWEEN 0 AND 254)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_directory_username_unique` ON `account_directory` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `account_directory_phone_unique` ON `account_directory` (`quhao`,`phone`) WHERE "account_directory"."phone" <> '';--> statement-breakpoint
-- Every account made before the directory keeps its id; players live in shard 0, which a deployment that had
-- one database binds to that same database (docs/decisions/161). In a new wallet shard this copies nothing.
INSERT INTO `account_directory` (`id`, `username`, `quhao`, `phone`, `shard`, `created_at_ms`)
  SELECT `id`, `username`, CASE WHEN `phone` <> '' THEN `quhao` ELSE '' END, `phone`, CASE WHEN `role` = 'player' THEN 0 END, `created_at_ms` FROM `users`;
