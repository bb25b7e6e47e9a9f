CREATE TABLE `round_settlements` (
	`round_id` integer NOT NULL,
	`shard` integer NOT NULL,
	`settled_at_ms` integer NOT NULL,
	PRIMARY KEY(`round_id`, `shard`)
);
--> statement-breakpoint
ALTER TABLE `rounds` ADD `drawn_at_ms` integer;