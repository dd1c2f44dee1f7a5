import { z } from "zod";
import { parseWallTime } from "@/lib/dates/zoned-time";
import { typedPhone } from "@/lib/phone/typed-phone";
import { messageStatuses } from "@/db/schema/statuses";

/** The message statuses (from the drizzle-free statuses module: client bundles import this one). */
export { messageStatuses };

const blank = z.literal("");
/**
 * A `datetime-local` input value (2026-03-01T14:05) or a date alone (2026-03-01), a wall time
 * in the business's time zone (see createdRange).
 */
const localDateTime = z
  .string()
  .trim()
  .refine((v) => parseWallTime(v, "UTC") !== null, "Use a date and time");

/**
 * Filters of the dashboard's message search. Every field is a string (empty = no filter) so
 * the same schema validates the filter form (react-hook-form) and the URL params of the page.
 */
export const messageSearchFilters = z
  .object({
    /**
     * The one search box: a message or transaction id, a number (with its country code or
     * national), or part of a template name. The fields below it stay for links and old URLs.
     */
    q: z.string().trim().max(120, "At most 120 characters").default(""),
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
  /** The first line of what the recipient read (the template's text with this send's values). */
  summary: string;
  /** Why a failed (or error) message failed; null for the others. */
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The From/To filters as instants, read as wall times in the business's zone (a date alone is
 * its midnight there). `before` is exclusive and covers what To names: the whole day of a
 * date, the whole minute of a time, the whole second of a time with seconds.
 */
export function createdRange(
  f: { from?: string; to?: string },
  timeZone: string,
): { from: Date | null; before: Date | null } {
  const from = f.from ? parseWallTime(f.from, timeZone) : null;
  const to = f.to?.trim() ?? "";
  if (!to) return { from, before: null };
  const [date = "", time = ""] = to.split("T");
  if (!time) {
    const [y, m, d] = date.split("-").map(Number);
    const next = new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
    return { from, before: parseWallTime(next, timeZone) };
  }
  const start = parseWallTime(to, timeZone);
  const step = time.length > 5 ? 1_000 : 60_000;
  return { from, before: start && new Date(start.getTime() + step) };
}
