ALTER TABLE "callback_endpoints" ADD COLUMN "auth_ciphertext" text;--> statement-breakpoint
ALTER TABLE "callback_endpoints" ADD COLUMN "auth_type" text;--> statement-breakpoint
ALTER TABLE "callback_endpoints" ADD COLUMN "auth_username" text;