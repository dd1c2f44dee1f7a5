import { and, asc, gt } from "drizzle-orm";
import { profiles } from "@/db/schema";
import type { Ctx } from "../context";
import { invalid } from "../errors";
import { profileFilter } from "../profiles/list-profiles";
import { bulkUpdateSubscribers } from "./bulk-update-subscribers";
import { MAX_BULK_PHONES } from "./schemas";

/** The most profiles one dashboard bulk change reaches (a narrower search for more). */
export const MAX_FILTERED_BULK = 100_000;

/** A bulk change without its numbers: the Profiles search picks them. */
export type FilteredChange =
  | { action: "add_tag" | "remove_tag"; tag: string }
  | { action: "set_attribute"; key: string; value: unknown };

export type FilteredBulkResult = { matched: number; updated: number };

/**
 * One change (add or remove a tag, set or remove an attribute) on every profile the Profiles
 * search `search` matches (all of them without one), by the API's bulk change in chunks of
 * 10,000 in id order, each chunk its own transaction. The change sets a state, so a run stopped
 * part-way is finished by running it again. More than 100,000 matches is a 400 before anything
 * is written.
 */
export async function bulkUpdateFiltered(
  ctx: Ctx,
  businessId: string,
  search: string | undefined,
  change: FilteredChange,
): Promise<FilteredBulkResult> {
  const where = await profileFilter(ctx, businessId, search);
  const count = await ctx.db.$count(profiles, where);
  if (count > MAX_FILTERED_BULK)
    throw invalid(
      `The search matches ${count} profiles; a bulk change reaches at most ${MAX_FILTERED_BULK}. Narrow the search.`,
    );
  let after: string | null = null;
  let updated = 0;
  for (;;) {
    const rows: Array<{ id: string; phone: string }> = await ctx.db
      .select({ id: profiles.id, phone: profiles.phone })
      .from(profiles)
      .where(after ? and(where, gt(profiles.id, after)) : where)
      .orderBy(asc(profiles.id))
      .limit(MAX_BULK_PHONES);
    if (rows.length === 0) break;
    const result = await bulkUpdateSubscribers(ctx, businessId, {
      ...change,
      phones: rows.map((r) => r.phone),
    });
    updated += result.updated;
    after = rows.at(-1)!.id;
    if (rows.length < MAX_BULK_PHONES) break;
  }
  return { matched: count, updated };
}
