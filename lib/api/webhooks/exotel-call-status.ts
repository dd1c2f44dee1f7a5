/**
 * Provider webhook: Exotel's StatusCallback for a call started by G9 (JSON or form-encoded),
 * verified by the call's token.
 * POST /api/webhooks/exotel/calls/{callId}?token=
 */
import { createRoute, z } from "@hono/zod-openapi";
import { handleExotelCallback } from "@/lib/calls/handle-exotel-callback";
import { systemCtx } from "@/lib/context";
import { invalid } from "@/lib/errors";
import { defineOperation, type ResponseOf } from "../operation";
import { errorResponses } from "../schemas";

export const contract = createRoute({
  method: "post",
  path: "/api/webhooks/exotel/calls/{callId}",
  tags: ["Webhooks"],
  summary: "Exotel StatusCallback for a call started by G9 (JSON or form-encoded)",
  request: {
    params: z.object({ callId: z.string().openapi({ param: { name: "callId", in: "path" } }) }),
    query: z.object({ token: z.string().default("") }),
  },
  responses: {
    200: {
      description: "Accepted",
      content: { "application/json": { schema: z.object({ ok: z.literal(true), ended: z.boolean() }) } },
    },
    ...errorResponses,
  },
});

export type ExotelCallStatusResponse = ResponseOf<typeof contract>;

export const exotelCallStatusOperation = defineOperation({
  auth: "provider",
  contract,
  handler: async (c) => {
    const type = c.req.header("content-type") ?? "";
    const body = /x-www-form-urlencoded|multipart/i.test(type)
      ? ((await c.req.parseBody().catch(() => {
          throw invalid("Malformed form body: send application/x-www-form-urlencoded or JSON");
        })) as Record<string, unknown>)
      : await c.req.json<Record<string, unknown>>().catch(() => ({}));
    const { ended } = await handleExotelCallback(systemCtx("exotel"), {
      callId: c.req.valid("param").callId,
      token: c.req.valid("query").token,
      body: body && typeof body === "object" ? (body as Record<string, unknown>) : {},
    });
    return c.json({ ok: true as const, ended }, 200);
  },
});
