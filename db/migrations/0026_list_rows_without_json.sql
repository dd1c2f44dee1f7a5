ALTER TABLE "target_list_rows" ALTER COLUMN "vals" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "target_list_rows" DROP COLUMN "fields";