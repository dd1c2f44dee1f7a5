import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { startCall } from "@/lib/calls/start-call";
import { simulatedRecording } from "@/lib/calls/simulated-recording";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db";
import { apiKeyAuth, userEmailAuth } from "../auth";
import { userQuery } from "../form-or-json";
import { errorResponses } from "../schemas";
import type { ApiApp, ApiEnv } from "../types";

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

const telecalling = (method: "get" | "post") =>
  createRoute({
    method,
    path: "/api/v2/calling/telecalling",
    tags: ["Calling"],
    summary: "Start an outbound call from the business's registered number (G9)",
    middleware: [apiKeyAuth, userEmailAuth],
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

const recording = createRoute({
  method: "get",
  path: "/api/v2/calling/recordings/{file}",
  tags: ["Calling"],
  summary: "Recording of a simulated call (the RecordingUrl of its CDR)",
  request: {
    params: z.object({
      file: z.string().openapi({ param: { name: "file", in: "path" }, example: "<callSid>.wav" }),
    }),
    query: z.object({ token: z.string().default("") }),
  },
  responses: {
    200: {
      description: "WAV audio",
      content: { "audio/wav": { schema: z.string().openapi({ format: "binary" }) } },
    },
    404: errorResponses[404],
  },
});

export function registerCallingRoutes(app: ApiApp): void {
  for (const method of ["get", "post"] as const) {
    // GET and POST /api/v2/calling/telecalling (G9)
    app.openapi(telecalling(method), async (c: Context<ApiEnv>) => {
      const user = c.get("user");
      const businessId = c.get("auth").businessId;
      const call = await startCall(
        { db: db(), actor: { type: "user", id: user.id, role: user.role, businessId } },
        businessId,
        { callTo: c.req.query("call_to") ?? "" },
      );
      return c.json(
        { success: true as const, message: "Call started", ...call, userStatus: "InCall" as const },
        200,
      );
    });
  }

  // GET /api/v2/calling/recordings/{callSid}.wav (simulator recordings; not in the spec)
  app.openapi(recording, async (c) => {
    const { file } = c.req.valid("param");
    const wav = await simulatedRecording(
      systemCtx("recording"),
      file.replace(/\.wav$/, ""),
      c.req.valid("query").token,
    );
    return c.body(new Uint8Array(wav), 200, {
      "content-type": "audio/wav",
      "cache-control": "private, max-age=3600",
    });
  });
}
