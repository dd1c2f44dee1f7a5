import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { profiles } from "@/db/schema";
import { getDefaultCountry } from "../businesses/get-default-country";
import type { Ctx } from "../context";
import { numberPrefixes } from "./number-prefixes";
import { listProfilesInput, type ListProfilesInput } from "./schemas";

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfilePage = { rows: ProfileRow[]; total: number; page: number; pageSize: number };

/** One page of a business's profiles, newest first; `search` matches phone, name, city or subscriber id. */
export async function listProfiles(
  ctx: Ctx,
  businessId: string,
  raw: ListProfilesInput,
): Promise<ProfilePage> {
  const { search, page, pageSize } = listProfilesInput.parse(raw);
  const where: SQL[] = [eq(profiles.businessId, businessId)];
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = search.replace(/\D/g, "");
    // A national number (or its start) also matches after the default country's code.
    const prefixes =
      digits.length >= 3 && /^\+?[\d\s().-]+$/.test(search)
        ? numberPrefixes(search, await getDefaultCountry(ctx, businessId))
        : [];
    where.push(
      or(
        ilike(profiles.name, like),
        ilike(profiles.city, like),
        ilike(profiles.businessSubscriberId, like),
        ...(digits.length >= 3 ? [sql`${profiles.phone} LIKE ${`%${digits}%`}`] : []),
        ...prefixes.map((p) => sql`${profiles.phone} LIKE ${`${p}%`}`),
      )!,
    );
  }
  const cond = and(...where);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(profiles)
      .where(cond)
      .orderBy(desc(profiles.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(cond),
  ]);
  return { rows, total: count?.n ?? 0, page, pageSize };
}
