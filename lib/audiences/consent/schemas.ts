import { z } from "zod";
import { consentActions, consentChannels, consentKinds } from "@/db/schema/consent";
import { WORDING_MAX } from "./record-consent";

/** Body of POST .../consent: one opt-in or opt-out the business recorded itself (source `api`). */
export const recordConsentInput = z.strictObject({
  phone: z.string().min(1, "Required").max(40),
  action: z.enum(consentActions),
  kind: z.enum(consentKinds).default("marketing"),
  channel: z.enum(consentChannels).default("all"),
  wording: z.string().max(WORDING_MAX, `At most ${WORDING_MAX} characters`).nullable().optional(),
  occurredAt: z
    .number()
    .int()
    .min(946684800, "Epoch seconds from 2000 on")
    .optional()
    .describe("When the customer gave or withdrew consent (epoch seconds); now when omitted"),
});
export type RecordConsentInput = z.infer<typeof recordConsentInput>;
