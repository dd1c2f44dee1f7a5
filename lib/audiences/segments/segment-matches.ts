import { z } from "zod";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { AppError, invalidInput } from "../../errors";
import { checkDefinition, type ResolvedDefinition } from "./check-definition";
import { compileSegment, readsFacetsOnly, SEGMENT_FROM } from "./compile-segment";
import { SegmentDefinition } from "./definition";
import { getSegment } from "./segments";

/** A matching subscriber as a count's sample and a page show it. */
export type SegmentMember = {
  id: string;
  phone: string;
  countryCode: string;
  name: string | null;
  city: string | null;
  attributes: Record<string, string | number | boolean>;
};

export const SAMPLE_SIZE = 10;
export const MAX_PAGE = 500;

const MEMBER_COLUMNS = "p.id, p.phone, p.country_code, p.name, p.city, p.attributes";
type MemberRow = {
  id: string;
  phone: string;
  country_code: string;
  name: string | null;
  city: string | null;
  attributes: SegmentMember["attributes"];
};
const member = (r: MemberRow): SegmentMember => ({
  id: r.id,
  phone: r.phone,
  countryCode: r.country_code,
  name: r.name,
  city: r.city,
  attributes: r.attributes,
});

/**
 * `WHERE` text and parameters of the business's profiles the definition matches ($1: the
 * business), over `FROM ${SEGMENT_FROM}` (`from`).
 */
export function segmentWhere(businessId: string, definition: ResolvedDefinition, firstParam = 2) {
  const compiled = compileSegment(definition, { business: "$1", firstParam });
  return {
    from: SEGMENT_FROM,
    where: `p.business_id = $1 AND ${compiled.sql}`,
    params: [businessId, ...compiled.params],
  };
}

/**
 * `WHERE` text and parameters over `FROM profile_facets f` alone, for a definition that reads
 * only tags and attributes and matches no profile without them (readsFacetsOnly): its count is
 * then a scan of narrow typed rows, no join (docs/audiences.md "Storage and indexes").
 */
export function facetsWhere(businessId: string, definition: ResolvedDefinition) {
  const compiled = compileSegment(definition, { business: "$1", firstParam: 2 });
  return { where: `f.business_id = $1 AND ${compiled.sql}`, params: [businessId, ...compiled.params] };
}

/** Live: how many of the business's subscribers match, and the first few (by profile id). */
export async function countDefinition(
  ctx: Ctx,
  businessId: string,
  raw: unknown,
): Promise<{ count: number; sample: SegmentMember[] }> {
  const parsed = SegmentDefinition.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid segment", "definition.");
  return countResolved(ctx, businessId, await checkDefinition(ctx, businessId, parsed.data));
}

/** A saved segment's count and sample, its definition checked against today's tags and attributes. */
export async function countSegment(ctx: Ctx, businessId: string, segmentId: string) {
  const segment = await getSegment(ctx, businessId, segmentId);
  return countResolved(ctx, businessId, await checkDefinition(ctx, businessId, segment.definition));
}

async function countResolved(ctx: Ctx, businessId: string, definition: ResolvedDefinition) {
  const { from, where, params } = segmentWhere(businessId, definition);
  const facets = readsFacetsOnly(definition) ? facetsWhere(businessId, definition) : undefined;
  const [counted, sample] = await Promise.all([
    facets
      ? rawQuery<{ n: number }>(
          ctx.db,
          `SELECT count(*)::int AS n FROM profile_facets f WHERE ${facets.where}`,
          facets.params,
        )
      : rawQuery<{ n: number }>(ctx.db, `SELECT count(*)::int AS n FROM ${from} WHERE ${where}`, params),
    rawQuery<MemberRow>(
      ctx.db,
      `SELECT ${MEMBER_COLUMNS} FROM ${from} WHERE ${where} ORDER BY p.id LIMIT ${SAMPLE_SIZE}`,
      params,
    ),
  ]);
  return { count: counted[0]?.n ?? 0, sample: sample.map(member) };
}

export const MatchesQuery = z.object({
  after: z.uuid("Must be the `next` of the page before").optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(100),
});

/** A page of a saved segment's subscribers by profile id (keyset: `after` is the last id seen). */
export async function listSegmentMatches(
  ctx: Ctx,
  businessId: string,
  segmentId: string,
  query: unknown,
): Promise<{ subscribers: SegmentMember[]; next: string | null }> {
  const parsed = MatchesQuery.safeParse(query);
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid page");
  const { after, limit } = parsed.data;
  const segment = await getSegment(ctx, businessId, segmentId);
  const definition = await checkDefinition(ctx, businessId, segment.definition);
  // Keyset: `after` is $2 when given, so the (business_id, id) index starts the page there.
  const { from, where, params } = segmentWhere(businessId, definition, after ? 3 : 2);
  const rows = await rawQuery<MemberRow>(
    ctx.db,
    `SELECT ${MEMBER_COLUMNS} FROM ${from}
     WHERE ${where}${after ? " AND p.id > $2::uuid" : ""}
     ORDER BY p.id LIMIT ${limit + 1}`,
    after ? [params[0], after, ...params.slice(1)] : params,
  );
  const page = rows.slice(0, limit).map(member);
  return { subscribers: page, next: rows.length > limit ? page[page.length - 1]!.id : null };
}

/**
 * Whether the number's profile is in the segment now (a flow's branch "is in segment"). A
 * segment that is gone, or whose definition no longer fits the business's tags and attributes,
 * holds nobody: the branch takes its other way rather than failing the customer's run.
 */
export async function customerInSegment(
  ctx: Ctx,
  businessId: string,
  segmentId: string,
  phone: string,
): Promise<boolean> {
  let definition: ResolvedDefinition;
  try {
    const segment = await getSegment(ctx, businessId, segmentId);
    definition = await checkDefinition(ctx, businessId, segment.definition);
  } catch (err) {
    if (err instanceof AppError && (err.code === "not_found" || err.code === "invalid_request")) return false;
    throw err;
  }
  const { from, where, params } = segmentWhere(businessId, definition, 3);
  const [row] = await rawQuery<{ ok: boolean }>(
    ctx.db,
    `SELECT EXISTS (SELECT 1 FROM ${from} WHERE p.phone = $2 AND ${where}) AS ok`,
    [params[0], phone, ...params.slice(1)],
  );
  return row?.ok ?? false;
}
