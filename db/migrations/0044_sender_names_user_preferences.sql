CREATE TABLE "channel_senders" (
	"business_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"sender" text NOT NULL,
	"display_name" text,
	"display_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_senders_business_id_channel_sender_pk" PRIMARY KEY("business_id","channel","sender")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_senders" ADD CONSTRAINT "channel_senders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The simulator's senders of existing businesses get the names a new business gets
-- (lib/businesses/create-business.ts; the number as lib/senders/simulator-sender.ts makes it).
INSERT INTO "channel_senders" ("business_id", "channel", "sender", "display_name", "display_number")
SELECT bc."business_id", 'chatapp', s.id, b."name",
  '9198' || lpad(((('x' || lpad(right(regexp_replace(s.id, '[^0-9a-fA-F]', '', 'g'), 7), 8, '0'))::bit(32)::int) % 100000000)::text, 8, '0')
FROM "business_channels" bc
JOIN "businesses" b ON b."id" = bc."business_id"
CROSS JOIN LATERAL jsonb_array_elements_text(coalesce(bc."config"->'phoneNumberIds', '[]'::jsonb)) AS s(id)
WHERE bc."channel" = 'chatapp' AND s.id ~ '^sim[0-9a-f]{12}$'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "channel_senders" ("business_id", "channel", "sender", "display_name")
SELECT bc."business_id", 'rcs', bc."config"->>'agentId', b."name"
FROM "business_channels" bc
JOIN "businesses" b ON b."id" = bc."business_id"
WHERE bc."channel" = 'rcs' AND bc."config"->>'agentId' ~ '^sim_agent_[0-9a-f]{12}$'
ON CONFLICT DO NOTHING;
