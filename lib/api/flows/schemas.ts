import { z } from "@hono/zod-openapi";
import { flowRunStates } from "@/db/schema/flows";
import { FlowDefinition } from "@/lib/flows/definition";

/** The shapes the flow operations share (docs/flows.md). */
export const TAG = "Flows";
export const BASE = "/api/v3/flows/{business_id}";
const EXAMPLE_ID = "0193b6f2-8c1a-7cde-9f00-1234567890ab";

export const Flow = z
  .object({
    id: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    draft: FlowDefinition,
    publishedVersion: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The version new runs start on; null until published" }),
    createdAt: z.number().int().openapi({ description: "Epoch seconds" }),
    updatedAt: z.number().int().openapi({ description: "Epoch seconds" }),
  })
  .openapi("Flow");

export const FlowRun = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    version: z.number().int(),
    state: z.enum(flowRunStates),
    stepId: z.string().nullable().openapi({ description: "The question a waiting run waits on" }),
    variables: z.record(z.string(), z.string()),
    endReason: z.string().nullable(),
    createdAt: z.number().int(),
    endedAt: z.number().int().nullable(),
  })
  .openapi("FlowRun");

export const businessParam = z.object({
  business_id: z.string().openapi({ param: { name: "business_id", in: "path" }, example: EXAMPLE_ID }),
});
export const flowParams = businessParam.extend({
  flow_id: z.uuid().openapi({ param: { name: "flow_id", in: "path" }, example: EXAMPLE_ID }),
});

export { jsonResponse as json, jsonBody as body } from "../schemas";

export const FlowRunWithSteps = FlowRun.extend({
  steps: z.array(
    z.object({
      stepId: z.string(),
      type: z.string().openapi({
        description: "The step's type, or what happened: answer, timeout, woke, http_response, ...",
      }),
      detail: z.record(z.string(), z.unknown()),
      at: z.number().int().openapi({ description: "Epoch seconds" }),
    }),
  ),
}).openapi("FlowRunWithSteps");

export const runParams = flowParams.extend({
  run_id: z.uuid().openapi({ param: { name: "run_id", in: "path" }, example: EXAMPLE_ID }),
});
