CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"country_code" text NOT NULL,
	"name" text,
	"age" integer,
	"gender" text,
	"dob" date,
	"business_subscriber_id" text,
	"city" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callback_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"attempt_no" integer NOT NULL,
	"url" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"response_status" integer,
	"latency_ms" integer NOT NULL,
	"error" text,
	"response_body" text
);
--> statement-breakpoint
CREATE TABLE "callback_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"subject_id" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"locked_until" timestamp with time zone,
	"last_response_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "callback_endpoints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_attempts" ADD CONSTRAINT "callback_attempts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_attempts" ADD CONSTRAINT "callback_attempts_delivery_id_callback_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."callback_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_endpoint_id_callback_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."callback_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_endpoints" ADD CONSTRAINT "callback_endpoints_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_business_phone_unique" ON "profiles" USING btree ("business_id","phone");--> statement-breakpoint
CREATE INDEX "profiles_business_id_idx" ON "profiles" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "profiles_business_name_idx" ON "profiles" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "callback_attempts_delivery_idx" ON "callback_attempts" USING btree ("business_id","delivery_id","requested_at");--> statement-breakpoint
CREATE INDEX "callback_deliveries_business_idx" ON "callback_deliveries" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "callback_deliveries_endpoint_idx" ON "callback_deliveries" USING btree ("business_id","endpoint_id","id");--> statement-breakpoint
CREATE INDEX "callback_deliveries_status_idx" ON "callback_deliveries" USING btree ("business_id","status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "callback_deliveries_subject_idx" ON "callback_deliveries" USING btree ("business_id","subject_id");--> statement-breakpoint
CREATE INDEX "callback_deliveries_due_idx" ON "callback_deliveries" USING btree ("next_attempt_at") WHERE "callback_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "callback_endpoints_business_idx" ON "callback_endpoints" USING btree ("business_id","created_at");