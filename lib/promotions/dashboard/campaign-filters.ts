import { z } from "zod";
import { canonicalChannel } from "../../businesses/channel-name";
import { promotionStatuses } from "@/db/schema/statuses";

/** Every status, in the order of a campaign's life (the drizzle-free list: this module is client-safe). */
export const campaignStatuses = promotionStatuses;

const day = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, "A date as YYYY-MM-DD")
  .default("");

/**
 * The campaigns table's filters as the URL carries them ("" = all). Client-safe: the filter
 * form validates with it, the page parses the URL with it. Dates are days in the business's
 * time zone, both ends included.
 */
export const campaignFilters = z
  .object({
    channel: z
      .preprocess(canonicalChannel, z.enum(["", "chatapp", "rcs"], { error: "chatapp or rcs" }))
      .default(""),
    status: z.enum(["", ...campaignStatuses], { error: "A campaign status" }).default(""),
    from: day,
    to: day,
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    path: ["to"],
    message: "The end date is before the start date",
  });

export type CampaignFilters = z.infer<typeof campaignFilters>;

/** Columns the campaigns table sorts by on the server. */
export const campaignSortable = ["name", "channel", "status", "createdAt"] as const;

/** States in which a campaign's counters still move: the table polls while one is shown. */
export const RUNNING_STATUSES = ["Preparing", "Scheduled", "Active"] as const;
