import { z } from "zod";

export const MAX_OPEN_LIMIT = 500;

/** The Settings page's routing form; one schema for the form and the domain function. */
export const RoutingSettingsForm = z.object({
  /** Typed in the form as text, sent to the action as a number: both are read. */
  openLimit: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: "A whole number" })
      .int("A whole number")
      .min(1, "At least 1")
      .max(MAX_OPEN_LIMIT, `At most ${MAX_OPEN_LIMIT}`),
  ),
  /** One row per sender of the business: `channel:sender` and its team ("" for all agents). */
  senders: z
    .array(
      z.object({
        key: z.string().min(1).max(200),
        teamId: z.union([z.literal(""), z.uuid("Choose a team of this business")]),
      }),
    )
    .max(200),
});

export type RoutingSettingsView = {
  openLimit: number;
  senders: Array<{ key: string; label: string; teamId: string }>;
  teams: Array<{ id: string; name: string }>;
};
