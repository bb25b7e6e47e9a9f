CREATE TABLE `articles` (
	`id` integer PRIMARY KEY NOT NULL,
	`group_id` integer NOT NULL,
	`title` text NOT NULL,
	`title_ft` text DEFAULT '' NOT NULL,
	`title_yw` text DEFAULT '' NOT NULL,
	`title_vi` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`content_ft` text DEFAULT '' NOT NULL,
	`content_yw` text DEFAULT '' NOT NULL,
	`content_vi` text DEFAULT '' NOT NULL,
	`img` text DEFAULT '' NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`created_at_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `articles_group` ON `articles` (`group_id`,`sort`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`action` text NOT NULL,
	`target` text NOT NULL,
	`before` text,
	`after` text,
	`created_at_ms` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_log_time` ON `audit_log` (`created_at_ms`);--> statement-breakpoint
CREATE TABLE `bank_cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`bank` text DEFAULT '' NOT NULL,
	`account` text DEFAULT '' NOT NULL,
	`real_name` text DEFAULT '' NOT NULL,
	`area` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`created_at_ms` integer NOT NULL,
	`deleted_at_ms` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bank_cards_user` ON `bank_cards` (`user_id`);--> statement-breakpoint
CREATE TABLE `banners` (
	`id` integer PRIMARY KEY NOT NULL,
	`path` text NOT NULL,
	`path_tw` text DEFAULT '' NOT NULL,
	`path_yw` text DEFAULT '' NOT NULL,
	`path_vi` text DEFAULT '' NOT NULL,
	`link` text DEFAULT '' NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `bets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`option_index` integer NOT NULL,
	`odds_milli` integer NOT NULL,
	`stake_cents` integer NOT NULL,
	`award_cents` integer DEFAULT 0 NOT NULL,
	`isaward` integer DEFAULT -1 NOT NULL,
	`created_at_ms` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "bets_stake_positive" CHECK("bets"."stake_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `bets_round` ON `bets` (`round_id`,`isaward`);--> statement-breakpoint
CREATE INDEX `bets_user` ON `bets` (`user_id`,`created_at_ms`);--> statement-breakpoint
CREATE TABLE `deposit_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	`decided_at_ms` integer,
	`decided_by` integer,
	`note` text DEFAULT '' NOT NULL,
	`pay_name` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "deposit_amount_positive" CHECK("deposit_requests"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deposit_requests_idempotency_key_unique` ON `deposit_requests` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `deposit_requests_user` ON `deposit_requests` (`user_id`,`created_at_ms`);--> statement-breakpoint
CREATE INDEX `deposit_requests_status` ON `deposit_requests` (`status`);--> statement-breakpoint
CREATE TABLE `finance_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`daily_rate_ppm` integer NOT NULL,
	`days` integer NOT NULL,
	`start_at_ms` integer NOT NULL,
	`end_at_ms` integer NOT NULL,
	`accrued_days` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`idempotency_key` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `finance_products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `finance_orders_idempotency_key_unique` ON `finance_orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `finance_orders_user` ON `finance_orders` (`user_id`);--> statement-breakpoint
CREATE INDEX `finance_orders_status` ON `finance_orders` (`status`);--> statement-breakpoint
CREATE TABLE `finance_products` (
	`id` integer PRIMARY KEY NOT NULL,
	`name_key` text NOT NULL,
	`min_cents` integer NOT NULL,
	`max_cents` integer,
	`daily_rate_ppm` integer NOT NULL,
	`days` integer NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `games` (
	`id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`title_key` text NOT NULL,
	`type` integer NOT NULL,
	`image` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invitation_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`owner_id` integer,
	`active` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`before_cents` integer NOT NULL,
	`after_cents` integer NOT NULL,
	`type` text NOT NULL,
	`reason` text NOT NULL,
	`ref` text,
	`idempotency_key` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "ledger_after_is_before_plus_amount" CHECK("ledger"."after_cents" = "ledger"."before_cents" + "ledger"."amount_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_idempotency_key_unique` ON `ledger` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `ledger_user_time` ON `ledger` (`user_id`,`created_at_ms`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`username` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_start_ms` integer NOT NULL,
	`locked_until_ms` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ordersn` text NOT NULL,
	`user_id` integer NOT NULL,
	`room_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`status` text DEFAULT 'placed' NOT NULL,
	`created_at_ms` integer NOT NULL,
	`cancelled_at_ms` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_ordersn_unique` ON `orders` (`ordersn`);--> statement-breakpoint
CREATE INDEX `orders_round` ON `orders` (`round_id`);--> statement-breakpoint
CREATE INDEX `orders_user` ON `orders` (`user_id`,`created_at_ms`);--> statement-breakpoint
CREATE TABLE `rooms` (
	`id` integer PRIMARY KEY NOT NULL,
	`game_id` integer NOT NULL,
	`roomtype` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`minjoin_cents` integer DEFAULT 0 NOT NULL,
	`minbuy_cents` integer DEFAULT 2000 NOT NULL,
	`min_level` integer DEFAULT 1 NOT NULL,
	`option_count` integer NOT NULL,
	`rates_milli` text NOT NULL,
	`trading` integer DEFAULT 1 NOT NULL,
	`round_seconds` integer,
	`close_seconds` integer,
	`sort` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `rooms_tab` ON `rooms` (`roomtype`,`sort`);--> statement-breakpoint
CREATE TABLE `rounds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_id` integer NOT NULL,
	`seqno` integer NOT NULL,
	`game_type` integer NOT NULL,
	`open_at_ms` integer NOT NULL,
	`close_at_ms` integer NOT NULL,
	`draw_at_ms` integer NOT NULL,
	`commit` text NOT NULL,
	`seed` text,
	`numbers` text,
	`num1` integer,
	`num2` integer,
	`num3` integer,
	`sum` integer,
	`win_mask` integer,
	`refund_mask` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`settled_at_ms` integer,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rounds_room_seqno` ON `rounds` (`room_id`,`seqno`);--> statement-breakpoint
CREATE INDEX `rounds_room_status` ON `rounds` (`room_id`,`status`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	`expires_at_ms` integer NOT NULL,
	`revoked_at_ms` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash_unique` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sms_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quhao` text NOT NULL,
	`phone` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	`expires_at_ms` integer NOT NULL,
	`used_at_ms` integer,
	`attempts` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sms_codes_phone` ON `sms_codes` (`quhao`,`phone`,`created_at_ms`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`nickname` text NOT NULL,
	`quhao` text DEFAULT '+84' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`password_hash` text NOT NULL,
	`pay_password_hash` text,
	`role` text DEFAULT 'player' NOT NULL,
	`level` integer DEFAULT 1 NOT NULL,
	`money_cents` integer DEFAULT 0 NOT NULL,
	`turnover_cents` integer DEFAULT 0 NOT NULL,
	`frozen` integer DEFAULT 0 NOT NULL,
	`invitation_code` text,
	`created_at_ms` integer NOT NULL,
	CONSTRAINT "users_money_non_negative" CHECK("users"."money_cents" >= 0 OR "users"."role" = 'house'),
	CONSTRAINT "users_level_range" CHECK("users"."level" BETWEEN 1 AND 8),
	CONSTRAINT "users_role_known" CHECK("users"."role" IN ('player', 'operator', 'house'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE TABLE `withdrawal_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	`decided_at_ms` integer,
	`decided_by` integer,
	`note` text DEFAULT '' NOT NULL,
	`bank_card_id` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bank_card_id`) REFERENCES `bank_cards`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "withdrawal_amount_positive" CHECK("withdrawal_requests"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawal_requests_idempotency_key_unique` ON `withdrawal_requests` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `withdrawal_requests_user` ON `withdrawal_requests` (`user_id`,`created_at_ms`);--> statement-breakpoint
CREATE INDEX `withdrawal_requests_status` ON `withdrawal_requests` (`status`);