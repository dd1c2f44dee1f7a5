CREATE TABLE "agent_loads" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"open" integer DEFAULT 0 NOT NULL,
	"last_assigned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_loads" ADD CONSTRAINT "agent_loads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_loads" ADD CONSTRAINT "agent_loads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_loads_business_idx" ON "agent_loads" USING btree ("business_id");--> statement-breakpoint
-- Kept by a trigger, so every path that assigns, transfers, resolves, reopens or deletes a
-- conversation (and a user's removal, whose ON DELETE SET NULL is an update) keeps the counts.
CREATE FUNCTION agent_loads_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was uuid := CASE WHEN TG_OP <> 'INSERT' AND OLD.state <> 'resolved' THEN OLD.assignee_id END;
  now_open uuid := CASE WHEN TG_OP <> 'DELETE' AND NEW.state <> 'resolved' THEN NEW.assignee_id END;
  given boolean := TG_OP <> 'DELETE' AND NEW.assignee_id IS NOT NULL
    AND (TG_OP = 'INSERT' OR NEW.assignee_id IS DISTINCT FROM OLD.assignee_id);
BEGIN
  IF was IS NOT NULL AND was IS DISTINCT FROM now_open THEN
    UPDATE agent_loads SET open = open - 1 WHERE user_id = was;
  END IF;
  IF given OR (now_open IS NOT NULL AND now_open IS DISTINCT FROM was) THEN
    INSERT INTO agent_loads AS l (user_id, business_id, open, last_assigned_at)
    VALUES (NEW.assignee_id, NEW.business_id,
      CASE WHEN now_open IS NOT NULL AND now_open IS DISTINCT FROM was THEN 1 ELSE 0 END,
      CASE WHEN given THEN now() END)
    ON CONFLICT (user_id) DO UPDATE SET
      open = l.open + excluded.open,
      last_assigned_at = coalesce(excluded.last_assigned_at, l.last_assigned_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER agent_loads_on_insert_or_delete AFTER INSERT OR DELETE ON conversations
  FOR EACH ROW EXECUTE FUNCTION agent_loads_on_change();
--> statement-breakpoint
CREATE TRIGGER agent_loads_on_update AFTER UPDATE OF assignee_id, state ON conversations
  FOR EACH ROW
  WHEN (OLD.assignee_id IS DISTINCT FROM NEW.assignee_id
    OR (OLD.state = 'resolved') IS DISTINCT FROM (NEW.state = 'resolved'))
  EXECUTE FUNCTION agent_loads_on_change();
--> statement-breakpoint
-- The counts so far: open conversations per assignee, and the last assignment from the events.
INSERT INTO agent_loads (user_id, business_id, open, last_assigned_at)
SELECT u.id, u.business_id,
  (SELECT count(*)::int FROM conversations c
   WHERE c.business_id = u.business_id AND c.assignee_id = u.id AND c.state <> 'resolved'),
  (SELECT max(e.created_at) FROM conversation_events e
   WHERE e.business_id = u.business_id AND e.to_user_id = u.id)
FROM users u
WHERE u.business_id IS NOT NULL
  AND (EXISTS (SELECT 1 FROM conversations c WHERE c.business_id = u.business_id AND c.assignee_id = u.id)
    OR EXISTS (SELECT 1 FROM conversation_events e WHERE e.business_id = u.business_id AND e.to_user_id = u.id));
