import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ZodType } from "zod";
import { invalidInput } from "@/lib/errors";

/**
 * Request body of the user, team and calling endpoints (spec G): the spec's samples send JSON
 * while its descriptions say form-urlencoded, so both are accepted. Optional at the contract
 * level so either content type reaches the handler, which validates with `readBody`.
 */
export function jsonOrFormBody<T extends ZodType>(schema: T, description: string) {
  return {
    required: false,
    description,
    content: {
      "application/json": { schema },
      "application/x-www-form-urlencoded": { schema },
    },
  } as const;
}

/** The validated body whichever content type came; a missing body is validated as `{}`. */
export function readBody<T extends ZodType>(c: Context, schema: T): z.output<T> {
  const req = c.req as unknown as { valid: (t: "json" | "form") => unknown };
  const type = c.req.header("content-type") ?? "";
  const raw = /x-www-form-urlencoded|multipart\/form-data/i.test(type)
    ? req.valid("form")
    : req.valid("json");
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

/** Query parameters of every G endpoint, for the OpenAPI document (checked by the middleware). */
export const userQuery = z.object({
  apikey: z
    .string()
    .optional()
    .openapi({ description: "API key (or the x-api-key header)", example: "sb_live_..." }),
  email: z.string().openapi({ description: "E-mail of the calling user", example: "admin@example.com" }),
});

/**
 * app.ts lets form bodies (urlencoded, or multipart as curl -F sends them) through its 415
 * check only on these paths (spec G, the Exotel callback); every other route answers 415.
 */
export function acceptsFormBody(path: string, contentType: string): boolean {
  return (
    /^\/api\/(v1\/business\/user|v3\/provisioning\/user-team|v2\/calling|webhooks\/exotel)(\/|$)/.test(
      path,
    ) && /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(contentType)
  );
}
