import { z } from "zod";
import type { MetaWebhookBody } from "@/lib/channels/whatsapp-cloud/webhook";
import { invalid, invalidInput } from "@/lib/errors";

/**
 * The structure every Meta webhook shares: an object whose `entry` is an array of objects, each
 * with a `changes` array of `{ field, value }` objects. Only the structure the dispatch walks is
 * checked; the fields inside `value` are each handler's to read, and unknown fields pass
 * through. `entry` and `changes` may be absent (nothing to dispatch), never another type.
 */
const metaEnvelope = z.looseObject({
  entry: z
    .array(
      z.looseObject({
        id: z.string(),
        changes: z.array(z.looseObject({ field: z.string(), value: z.looseObject({}) })).optional(),
      }),
    )
    .optional(),
}) satisfies z.ZodType<MetaWebhookBody>;

/** The verified body as the handlers expect it, or the documented 400 naming what is wrong. */
export function parseMetaEnvelope(text: string): MetaWebhookBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid("Malformed JSON in request body");
  }
  const parsed = metaEnvelope.safeParse(json);
  if (!parsed.success) throw invalidInput(parsed.error, "Malformed webhook envelope");
  return parsed.data;
}
