ALTER TABLE `sessions` ADD `password_generation` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `password_generation` integer DEFAULT 0 NOT NULL;