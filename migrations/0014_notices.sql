CREATE TABLE `notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`notice_key` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	`read_at_ms` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "notices_kind_known" CHECK("notices"."kind" IN ('depositCredited', 'depositRejected', 'withdrawalPaid', 'withdrawalRejected', 'lockupMatured', 'limitInForce'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notices_key` ON `notices` (`notice_key`);--> statement-breakpoint
CREATE INDEX `notices_user` ON `notices` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notices_unread` ON `notices` (`user_id`,`read_at_ms`);