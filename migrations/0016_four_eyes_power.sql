CREATE TABLE `enrolment_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`created_by` integer,
	`created_at_ms` integer NOT NULL,
	`expires_at_ms` integer NOT NULL,
	`used_at_ms` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "enrolment_codes_used_positive" CHECK("enrolment_codes"."used_at_ms" IS NULL OR "enrolment_codes"."used_at_ms" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enrolment_codes_code_hash_unique` ON `enrolment_codes` (`code_hash`);--> statement-breakpoint
CREATE INDEX `enrolment_codes_user` ON `enrolment_codes` (`user_id`);--> statement-breakpoint
CREATE TABLE `operator_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`operator_id` integer NOT NULL,
	`role` text,
	`requested_by` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by` integer,
	`created_at_ms` integer NOT NULL,
	`decided_at_ms` integer,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "operator_requests_kind_known" CHECK("operator_requests"."kind" IN ('create', 'enable', 'role', 'reset')),
	CONSTRAINT "operator_requests_status_known" CHECK("operator_requests"."status" IN ('pending', 'approved', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `operator_requests_status` ON `operator_requests` (`status`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `operator_requests_one_pending` ON `operator_requests` (`operator_id`,`kind`) WHERE "operator_requests"."status" = 'pending';--> statement-breakpoint
ALTER TABLE `deposit_requests` ADD `first_approved_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `deposit_requests` ADD `first_approved_at_ms` integer;--> statement-breakpoint
ALTER TABLE `sms_codes` ADD `name_checks` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `operator_email` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_operator_email_unique` ON `users` (lower("operator_email")) WHERE "users"."operator_email" IS NOT NULL;