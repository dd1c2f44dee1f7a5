/**
 * G9: start an outbound call from the business's registered number, for the `email` user.
 * GET /api/v2/calling/telecalling?call_to=, also POST
 */
import { createRoute, z } from "@hono/zod-openapi";
import { startCall } from "@/lib/calls/start-call";
import { userQuery } from "../form-or-json";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";

const CallDetails = z
  .object({
    success: z.literal(true),
    message: z.string().openapi({ example: "Call started" }),
    callSid: z.string().openapi({ description: "Call reference id; the CallSid of the call data record" }),
    providerCallSid: z.string().nullable(),
    userId: z.string(),
    provider: z.string().openapi({ example: "simulator" }),
    from: z.string().openapi({ description: "The agent's number, dialled first", example: "919900000002" }),
    to: z.string().openapi({ example: "919876543211" }),
    callerId: z.string().openapi({ description: "The business's registered number" }),
    status: z.enum(["queued", "ringing", "in-progress", "completed", "no-answer", "busy", "failed"]),
    direction: z.string().openapi({ example: "OUTBOUND" }),
    recordingUrl: z.string().nullable(),
    conversationDuration: z.number().int(),
    legs: z.array(z.object({ OnCallDuration: z.number().int(), Status: z.string() })),
    startedAt: z.number().int().nullable(),
    endedAt: z.number().int().nullable(),
    createdAt: z.number().int(),
    userStatus: z.literal("InCall"),
  })
  .openapi("CallDetails");

const query = userQuery.extend({
  call_to: z.string().openapi({
    description: "Number to call, with country code, or national (the business's default country)",
    example: "919876543211",
  }),
});

export type TelecallingRequest = z.input<typeof query>;
export type TelecallingResponse = z.infer<typeof CallDetails>;

export const contract = createRoute({
  method: "get",
  path: "/api/v2/calling/telecalling",
  tags: ["Calling"],
  summary: "Start an outbound call from the business's registered number (G9)",
  request: { query },
  responses: {
    200: {
      description: "The call, just started",
      content: { "application/json": { schema: CallDetails } },
    },
    ...errorResponses,
    403: { ...errorResponses[401], description: "Calling not enabled for the user or the business" },
    409: { ...errorResponses[400], description: "The user is already in a call" },
    503: { ...errorResponses[500], description: "The calling provider did not start the call" },
  },
});

export const telecallingOperation = withBusiness(
  { spec: "G9", contract, actAs: "user", aliases: [{ method: "post" }] },
  async (c, { ctx, businessId }) => {
    const call = await startCall(ctx, businessId, { callTo: c.req.query("call_to") ?? "" });
    return c.json(
      { success: true as const, message: "Call started", ...call, userStatus: "InCall" as const },
      200,
    );
  },
);
