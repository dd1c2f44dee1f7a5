import { z } from "zod";

/** Body of the opt-out API's POST and DELETE: numbers with country code (or national, with a default country). */
export const optOutPhonesInput = z.object({
  phones: z
    .array(z.string().max(40), { error: "Required: an array of phone numbers" })
    .min(1, "At least one phone number")
    .max(1000, "At most 1000 numbers per call"),
});

export const listOptOutsQuery = z.object({
  page: z.coerce.number().int().min(0, "Pages start at 0").max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(100),
});

export type OptOutSource = "reply" | "api" | "dashboard" | "import";
export type OptOutView = { phone: string; source: OptOutSource; createdAt: number };
export type RefusedPhone = { index: number; phone: string; reason: string };
