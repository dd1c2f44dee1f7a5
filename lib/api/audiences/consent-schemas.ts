import { z } from "@hono/zod-openapi";
import { consentActions, consentChannels, consentKinds, consentSources } from "@/db/schema/consent";

/** The consent ledger's shapes (docs/audiences.md, "Consent ledger"). */
export const ConsentEvent = z
  .object({
    id: z.string(),
    channel: z.enum(consentChannels),
    kind: z.enum(consentKinds),
    action: z.enum(consentActions).nullable().openapi({ description: "null on an erasure tombstone" }),
    source: z.enum(consentSources),
    sourceRef: z.string().nullable().openapi({
      description: "What wrote it: API key id, user id, file name, message id; who erased on a tombstone",
    }),
    wording: z.string().nullable().openapi({ description: "What the customer saw or sent" }),
    occurredAt: z.number().int().openapi({ description: "Epoch seconds" }),
  })
  .openapi("ConsentEvent");

const ConsentState = z.object({
  state: z.enum(["opted_in", "opted_out", "unknown"]),
  eventId: z.string().nullable().openapi({ description: "The event that decides it" }),
  since: z.number().int().nullable().openapi({ description: "Epoch seconds" }),
});

export const ConsentHistory = z
  .object({
    phone: z.string().openapi({ example: "919810000001" }),
    state: z.object({ marketing: ConsentState, utility: ConsentState }).openapi({
      description: "Per kind: the latest event of that kind or of `all`; no event or a tombstone is unknown",
    }),
    events: z.array(ConsentEvent).openapi({ description: "Newest first" }),
  })
  .openapi("ConsentHistory");

export const Erasure = z
  .object({
    phone: z.string(),
    consentEvents: z.number().int().openapi({ description: "Consent events deleted" }),
    profile: z.boolean().openapi({ description: "Whether a profile (fields, tags, attributes) was deleted" }),
    tombstone: z.object({
      id: z.string(),
      erasedBy: z.string().openapi({ example: "api_key:0193b6f2-8c1a-7cde-9f00-1234567890ab" }),
      erasedAt: z.number().int(),
    }),
  })
  .openapi("Erasure");
