import { z } from "zod";
import { conversationStateValues } from "./schemas";

/**
 * The inbox page's URL: tab, state, search, filters, the open conversation (`c`) and, on a
 * narrow screen, whether the customer's panel shows (`panel`). A value that does not fit falls
 * back to its default, so a hand-edited URL never breaks the page.
 */
const InboxQuery = z.object({
  tab: z.enum(["mine", "unassigned", "all"]).optional().catch(undefined),
  state: z.enum(conversationStateValues).catch("open").default("open"),
  q: z.string().trim().max(100).optional().catch(undefined),
  teamId: z.uuid().optional().catch(undefined),
  channel: z.enum(["chatapp", "rcs"]).optional().catch(undefined),
  assigneeId: z.uuid().optional().catch(undefined),
  c: z.uuid().optional().catch(undefined),
  panel: z.literal("1").optional().catch(undefined),
});
export type InboxQuery = z.infer<typeof InboxQuery>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

export function parseInboxQuery(params: Record<string, string | string[] | undefined>): InboxQuery {
  return InboxQuery.parse(Object.fromEntries(Object.keys(InboxQuery.shape).map((k) => [k, one(params[k])])));
}

/** The URL of the inbox with `change` applied to `query` (undefined drops a key). */
export function inboxHref(query: InboxQuery, change: Partial<Record<keyof InboxQuery, string | undefined>>) {
  const merged: Record<string, string | undefined> = { ...query, ...change };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(merged)) if (v) params.set(k, v);
  const s = params.toString();
  return s ? `/inbox?${s}` : "/inbox";
}
