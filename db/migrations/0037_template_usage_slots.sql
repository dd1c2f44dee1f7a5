-- A template's usage counts become the sum of a few rows (slot: the writing connection's), so
-- concurrent status transactions of one campaign stop queueing on one row lock. The table has
-- one row per template: the new primary key's index builds at once.
ALTER TABLE "template_usage" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "template_usage" DROP CONSTRAINT "template_usage_template_id_pk";--> statement-breakpoint
ALTER TABLE "template_usage" ADD CONSTRAINT "template_usage_template_id_slot_pk" PRIMARY KEY("template_id","slot");
