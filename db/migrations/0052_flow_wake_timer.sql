ALTER TABLE "flow_runs" ADD COLUMN "wake_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "flow_runs_wake_idx" ON "flow_runs" USING btree ("wake_at") WHERE "flow_runs"."state" = 'waiting' and "flow_runs"."wake_at" is not null;--> statement-breakpoint
-- Runs already waiting on a timer kept it as a pg-boss job (flows.wake) due at its start_after:
-- that time becomes the run's wake_at, so the scanner wakes them (the old job, if it still runs,
-- finds the wake already taken and does nothing). pg-boss's schema may not exist yet (a new database).
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    UPDATE flow_runs r SET wake_at = j.start_after
    FROM pgboss.job j
    WHERE j.name = 'flows.wake' AND j.state IN ('created', 'retry', 'active')
      AND r.business_id = (j.data->>'businessId')::uuid AND r.id = (j.data->>'runId')::uuid
      AND r.wake_id = (j.data->>'wakeId')::uuid AND r.state = 'waiting';
  END IF;
END $$;
