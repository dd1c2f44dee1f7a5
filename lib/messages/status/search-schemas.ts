import { z } from "zod";
import { typedPhone } from "@/lib/validation/typed-phone";
import type { messageStatuses as dbStatuses } from "@/db/schema/messages";

/** The message statuses, here again so client bundles need not import the drizzle schema. */
export const messageStatuses = [
  "attempted",
  "accepted",
  "sent",
  "delivered",
  "read",
  "failed",
  "error",
] as const satisfies typeof dbStatuses;

const blank = z.literal("");
/** `datetime-local` input value (UTC in this dashboard): 2026-03-01T14:05. */
const localDateTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "Use a date and time");

/**
 * Filters of the dashboard's message search. Every field is a string (empty = no filter) so
 * the same schema validates the filter form (react-hook-form) and the URL params of the page.
 */
export const messageSearchFilters = z
  .object({
    number: typedPhone("3 to 15 digits of the number: with its country code, or national", { min: 3 })
      .or(blank)
      .default(""),
    transactionId: z.uuid("Not a transaction id").or(blank).default(""),
    messageId: z.uuid("Not a message id").or(blank).default(""),
    template: z.string().trim().max(120, "At most 120 characters").default(""),
    status: z.enum(messageStatuses).or(blank).default(""),
    from: localDateTime.or(blank).default(""),
    to: localDateTime.or(blank).default(""),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ["to"], message: "Must be after 'From'" });

export type MessageSearchFilters = z.output<typeof messageSearchFilters>;
export type MessageSearchForm = z.input<typeof messageSearchFilters>;

export const messageSortable = ["createdAt", "recipient", "status", "templateName"] as const;

export type MessageListRow = {
  id: string;
  transactionId: string;
  channel: "chatapp" | "rcs";
  recipient: string;
  msgType: string;
  templateName: string;
  status: (typeof messageStatuses)[number];
  errorCode: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A datetime-local value as UTC. */
export const utcFromLocal = (v: string) => new Date(`${v.length === 16 ? `${v}:00` : v}Z`);
