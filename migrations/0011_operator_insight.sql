CREATE TABLE `books_account_sums` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`sum_cents` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `books_checkpoint` (
	`id` integer PRIMARY KEY NOT NULL,
	`through_ledger_id` integer NOT NULL,
	`day` text NOT NULL,
	`moved_at_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `books_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`checked_at_ms` integer NOT NULL,
	`ok` integer NOT NULL,
	`through_ledger_id` integer NOT NULL,
	`rows_summed` integer NOT NULL,
	`balances_cents` integer NOT NULL,
	`stakes_in_play_cents` integer NOT NULL,
	`finance_principal_cents` integer NOT NULL,
	`problems` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `books_checks_time` ON `books_checks` (`checked_at_ms`);--> statement-breakpoint
CREATE TABLE `protection_refusals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `protection_refusals_user` ON `protection_refusals` (`user_id`,`created_at_ms`);--> statement-breakpoint
CREATE INDEX `protection_refusals_time` ON `protection_refusals` (`created_at_ms`);--> statement-breakpoint
CREATE TABLE `risk_interactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`operator_id` integer NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "risk_interactions_kind_known" CHECK("risk_interactions"."kind" IN ('note', 'message', 'limit'))
);
--> statement-breakpoint
CREATE INDEX `risk_interactions_user` ON `risk_interactions` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `deposit_requests_decided` ON `deposit_requests` (`status`,`decided_at_ms`);--> statement-breakpoint
CREATE INDEX `deposit_requests_time` ON `deposit_requests` (`created_at_ms`,`id`);--> statement-breakpoint
CREATE INDEX `ledger_time` ON `ledger` (`created_at_ms`,`id`);--> statement-breakpoint
CREATE INDEX `rounds_draw_time` ON `rounds` (`draw_at_ms`,`room_id`);--> statement-breakpoint
CREATE INDEX `withdrawal_requests_decided` ON `withdrawal_requests` (`status`,`decided_at_ms`);--> statement-breakpoint
CREATE INDEX `withdrawal_requests_time` ON `withdrawal_requests` (`created_at_ms`,`id`);