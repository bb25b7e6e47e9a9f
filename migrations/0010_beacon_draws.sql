ALTER TABLE `rounds` ADD `voided_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `rounds` ADD `beacon_chain` text;--> statement-breakpoint
ALTER TABLE `rounds` ADD `beacon_round` integer;--> statement-breakpoint
ALTER TABLE `rounds` ADD `beacon_signature` text;--> statement-breakpoint
ALTER TABLE `rounds` ADD `beacon_randomness` text;--> statement-breakpoint
-- Rounds voided by an operator before this migration: who voided them comes from their audit row.
UPDATE `rounds` SET `voided_by` = (
  SELECT a.`actor_id` FROM `audit_log` a
  WHERE a.`action` = 'round.void' AND a.`target` = 'room:' || `rounds`.`room_id` AND json_extract(a.`after`, '$.round') = `rounds`.`id`
  ORDER BY a.`id` LIMIT 1
) WHERE `status` = 'void' AND `void_reason` = 'operator';
