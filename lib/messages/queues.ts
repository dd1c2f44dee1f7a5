// The messaging queues (dispatch, status events) and the status sink for provider webhooks,
// imported for their side effects by lib/jobs/register-all.ts.
import "./dispatch/dispatch-queue";
import "./status/status-events-queue";
