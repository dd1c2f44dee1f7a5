/**
 * The recording of a simulated call, the RecordingUrl of its CDR (simulator recordings; not in
 * the spec). No API key: the link carries its token.
 * GET /api/v2/calling/recordings/{callSid}.wav?token=
 */
import { createRoute, z } from "@hono/zod-openapi";
import { simulatedRecording } from "@/lib/calls/simulated-recording";
import { systemCtx } from "@/lib/context";
import { defineOperation } from "../operation";
import { errorResponses } from "../schemas";

export const contract = createRoute({
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

export const getRecordingOperation = defineOperation({
  auth: "public",
  contract,
  handler: async (c) => {
    const { file } = c.req.valid("param");
    const callSid = file.replace(/\.wav$/, "");
    const wav = await simulatedRecording(systemCtx("recording"), callSid, c.req.valid("query").token);
    return c.body(new Uint8Array(wav), 200, {
      "content-type": "audio/wav",
      "cache-control": "private, max-age=3600",
    });
  },
});
