import { and, desc, lt } from "drizzle-orm";
import { profiles } from "@/db/schema";
import type { Ctx } from "../context";
import { csvLine } from "@/lib/csv/csv-line";
import { profileFilter } from "./list-profiles";

const PAGE = 2_000;
const HEADER = [
  "phone",
  "countrycode",
  "name",
  "age",
  "gender",
  "dob",
  "businesssubscriberid",
  "city",
  "updated_at",
];

/**
 * The business's profiles (those `search` matches) as CSV lines, newest first, read 2,000 at a
 * time by id (keyset: each page is an index range, however deep), so a large list streams in
 * constant memory. The columns are F1's, so the file imports again as it is; every cell is
 * neutralised against formula injection, and dob is day/month/year as the import reads it.
 */
export async function* exportProfiles(ctx: Ctx, businessId: string, search?: string): AsyncGenerator<string> {
  const filter = await profileFilter(ctx, businessId, search);
  yield csvLine(HEADER);
  let after: string | null = null;
  for (;;) {
    const rows: (typeof profiles.$inferSelect)[] = await ctx.db
      .select()
      .from(profiles)
      .where(after ? and(filter, lt(profiles.id, after)) : filter)
      .orderBy(desc(profiles.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    yield rows
      .map((r) =>
        csvLine([
          r.phone,
          r.countryCode,
          r.name,
          r.age,
          r.gender,
          r.dob?.split("-").reverse().join("/"),
          r.businessSubscriberId,
          r.city,
          r.updatedAt.toISOString(),
        ]),
      )
      .join("");
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}
