-- Lists read in time order (docs/decisions/163-merged-lists-follow-time.md): each status queue by its time, a lock-up
-- list by its start; a player's requests by their time, which makes the (user, id) indexes redundant.
DROP INDEX `deposit_requests_user_newest`;--> statement-breakpoint
DROP INDEX `deposit_requests_status`;--> statement-breakpoint
CREATE INDEX `deposit_requests_status` ON `deposit_requests` (`status`,`created_at_ms`);--> statement-breakpoint
DROP INDEX `withdrawal_requests_user_newest`;--> statement-breakpoint
DROP INDEX `withdrawal_requests_status`;--> statement-breakpoint
CREATE INDEX `withdrawal_requests_status` ON `withdrawal_requests` (`status`,`created_at_ms`);--> statement-breakpoint
DROP INDEX `adjustment_requests_status`;--> statement-breakpoint
CREATE INDEX `adjustment_requests_status` ON `adjustment_requests` (`status`,`created_at_ms`);--> statement-breakpoint
DROP INDEX `finance_orders_user`;--> statement-breakpoint
DROP INDEX `finance_orders_status`;--> statement-breakpoint
CREATE INDEX `finance_orders_time` ON `finance_orders` (`start_at_ms`);--> statement-breakpoint
CREATE INDEX `finance_orders_user` ON `finance_orders` (`user_id`,`start_at_ms`);--> statement-breakpoint
CREATE INDEX `finance_orders_status` ON `finance_orders` (`status`,`start_at_ms`);