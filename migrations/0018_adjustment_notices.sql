PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`notice_key` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	`read_at_ms` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "notices_kind_known" CHECK("__new_notices"."kind" IN ('depositCredited', 'depositRejected', 'withdrawalPaid', 'withdrawalRejected', 'lockupMatured', 'limitInForce', 'balanceCredited', 'balanceDebited'))
);
--> statement-breakpoint
INSERT INTO `__new_notices`("id", "user_id", "kind", "params", "notice_key", "created_at_ms", "read_at_ms") SELECT "id", "user_id", "kind", "params", "notice_key", "created_at_ms", "read_at_ms" FROM `notices`;--> statement-breakpoint
DROP TABLE `notices`;--> statement-breakpoint
ALTER TABLE `__new_notices` RENAME TO `notices`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `notices_key` ON `notices` (`notice_key`);--> statement-breakpoint
CREATE INDEX `notices_user` ON `notices` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notices_unread` ON `notices` (`user_id`,`read_at_ms`);