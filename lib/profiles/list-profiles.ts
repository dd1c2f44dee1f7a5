import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { profiles } from "@/db/schema";
import { getDefaultCountry } from "../businesses/get-default-country";
import type { Ctx } from "../context";
import { numberPrefixes } from "../phone/number-prefixes";
import { listProfilesInput, type ListProfilesInput } from "./schemas";
import { digitsOnly } from "../phone/typed-phone";

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfilePage = { rows: ProfileRow[]; total: number; page: number; pageSize: number };

/** Columns the profiles table sorts by on the server (ids as the table names them). */
export const profileSortable = ["phone", "name", "countryCode", "city", "age", "dob", "updatedAt"] as const;
type SortId = (typeof profileSortable)[number];

/** One page of a business's profiles, newest first; `search` matches phone, name, city or subscriber id. */
export async function listProfiles(
  ctx: Ctx,
  businessId: string,
  raw: ListProfilesInput & { sort?: { id: string; desc: boolean } | null },
): Promise<ProfilePage> {
  const { search, page, pageSize } = listProfilesInput.parse(raw);
  const cond = await profileFilter(ctx, businessId, search);
  const sortId = profileSortable.find((s) => s === raw.sort?.id) as SortId | undefined;
  const dir = raw.sort?.desc ? desc : asc;
  // Ties (and no sort) fall back to newest first, so pages never overlap.
  const order = sortId ? [dir(profiles[sortId]), desc(profiles.id)] : [desc(profiles.id)];
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(profiles)
      .where(cond)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(cond),
  ]);
  return { rows, total: count?.n ?? 0, page, pageSize };
}

/** The business's profiles that `search` matches (phone, name, city or subscriber id). */
export async function profileFilter(ctx: Ctx, businessId: string, search?: string): Promise<SQL> {
  const where: SQL[] = [eq(profiles.businessId, businessId)];
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = digitsOnly(search);
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
  return and(...where)!;
}
