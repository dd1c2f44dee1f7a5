/** Starts a run for a subscriber. POST /api/v3/flows/{business_id}/{flow_id}/runs */
import { createRoute } from "@hono/zod-openapi";
import { StartRunInput } from "@/lib/flows/flow-schemas";
import { startFlowRun } from "@/lib/flows/start-flow-run";
import { idempotentSend } from "../idempotent-send";
import { errorResponses, idempotencyHeaders } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, body, flowParams, FlowRunWithSteps, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "post",
  path: `${BASE}/{flow_id}/runs`,
  tags: [TAG],
  summary: "Start the flow's published version for a subscriber",
  description:
    "In the customer's conversation with the sender (created when they have none), from the start step as a trigger would; the answer is the run after its first steps (waiting, or ended), its messages stored and queued for dispatch. 404: no such flow in this business. 409: the flow is not published or is disabled; the number opted out; an agent holds the conversation; a run is active there (its id in the message; `replace: true` stops it and starts this one); the flow's runs per hour are reached; on chatapp outside the customer's 24-hour window, the flow's first message is not an approved template (begin it with a send_template step). Idempotency-Key: the same key and body within 24 h answers the first run again.",
  request: {
    params: flowParams,
    headers: idempotencyHeaders,
    body: body(StartRunInput, {
      example: {
        subscriberId: "919876543210",
        channel: "chatapp",
        variables: { order: "4711" },
      },
    }),
  },
  responses: {
    201: json(FlowRunWithSteps, "Started: the run after its first steps"),
    ...errorResponses,
    409: {
      description: "Refused (the message says why), or the Idempotency-Key's first request still runs",
      content: errorResponses[400].content,
    },
    422: { description: "Idempotency-Key reused with another body", content: errorResponses[400].content },
  } as const,
});

export const startFlowRunOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const { flow_id } = c.req.valid("param");
  const input = c.req.valid("json");
  return idempotentSend(
    c,
    { flow_id, input },
    (idempotency) => startFlowRun(ctx, businessId, flow_id, input, { idempotency }),
    201,
  );
});
