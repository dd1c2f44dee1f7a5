import { sql } from "drizzle-orm";
import { attributeRules } from "../audiences/attribute-definitions";
import { ensureTags } from "../audiences/ensure-tags";
import { tagIdsUnion } from "../audiences/tag-ids-sql";
import { recordAudit } from "../audit/record-audit";
import { getDefaultCountry } from "../businesses/get-default-country";
import { inTransaction, type Ctx } from "../context";
import { zodDetails } from "../errors";
import { uuidv7 } from "../ids";
import {
  profileRecordFor,
  uploadProfilesInput,
  type ProfileRecord,
  type UploadProfilesResult,
} from "./schemas";

/**
 * F1: validates each record on its own (a bad record is reported by index, never fails the
 * call) and upserts the valid ones by (business, phone) in ONE statement: the rows travel as
 * one JSON document (`json_to_recordset`), so a 1,000-profile upload is one round trip with one
 * parameter instead of 10,000. A value left out of a re-upload keeps the stored one. Records
 * without `countrycode` take the business's default country. The audience extras (`tags`,
 * `attributes`, docs/audiences.md) cost nothing when no record sends them: the statement is
 * the one without them.
 */
export async function uploadProfiles(
  ctx: Ctx,
  businessId: string,
  raw: { profile: unknown[] },
): Promise<UploadProfilesResult & { accepted: { index: number; phone: string }[] }> {
  const { profile } = uploadProfilesInput.parse(raw);
  const sends = (field: string) => profile.some((p) => p !== null && typeof p === "object" && field in p);
  const [country, rules] = await Promise.all([
    getDefaultCountry(ctx, businessId),
    sends("attributes") ? attributeRules(ctx, businessId) : undefined,
  ]);
  const profileRecord = profileRecordFor(country, rules);
  const errors: UploadProfilesResult["errors"] = [];
  // Last record wins when a phone repeats within the call (one row cannot be upserted twice).
  const byPhone = new Map<string, ProfileRecord>();
  // Each valid record's index and number as stored, so the dashboard import can say which rows
  // of a file repeat a number (the API's answer leaves it out: F1's fields are the spec's).
  const accepted: { index: number; phone: string }[] = [];
  profile.forEach((item, index) => {
    const r = profileRecord.safeParse(item);
    if (r.success) {
      accepted.push({ index, phone: r.data.phone });
      byPhone.delete(r.data.phone);
      byPhone.set(r.data.phone, r.data);
      return;
    }
    const reason = zodDetails(r.error)
      .map((d) => (d.path ? `${d.path}: ${d.message}` : d.message))
      .join("; ");
    errors.push({ index, reason: item && typeof item === "object" ? reason : "Must be an object" });
  });

  // Sorted by phone so concurrent uploads touching the same profiles lock rows in the same
  // order: no deadlocks between them.
  const rows = [...byPhone.values()].sort((x, y) => (x.phone < y.phone ? -1 : x.phone > y.phone ? 1 : 0));
  if (rows.length > 0) {
    // Values to set are merged in the upsert; removals (null) are a second statement, for the
    // rows that have them only.
    const sets = (r: ProfileRecord) =>
      !r.attributes
        ? {}
        : Object.values(r.attributes).includes(null)
          ? Object.fromEntries(Object.entries(r.attributes).filter(([, v]) => v !== null))
          : r.attributes;
    const withAttributes = rows.some((r) => Object.keys(sets(r)).length > 0);
    const withTags = rows.some((r) => (r.tags?.length ?? 0) > 0);
    // Tags first: ensureTags may wait on the business's tag lock, which must never be held
    // while waiting for the rows the upsert locks (bulk-update-subscribers.ts takes it first).
    // The records' tag ids then travel with the document (below) and are merged into
    // profiles.tag_ids by the upsert itself: tags cost no statement of their own.
    await inTransaction(ctx, async (tx) => {
      const tagIds = withTags
        ? await ensureTags(
            tx,
            businessId,
            rows.flatMap((r) => r.tags ?? []),
          )
        : new Map<string, string>();
      // Each distinct list of names travels once, as its sorted ids, and a record names its list
      // by number: an upload's records share a few lists, so the document is not 1,000 arrays
      // of ids for Node to write and PostgreSQL to read into uuid[] (measured: about 2 ms of
      // each a call). A record's names are distinct whatever the case (tagNames), so are their
      // ids.
      const tagSets: { i: number; ids: string[] }[] = [];
      const setOf = new Map<string, number>();
      const tagSetOf = (r: ProfileRecord): number | null => {
        if (!r.tags || r.tags.length === 0) return null;
        const key = r.tags.length === 1 ? r.tags[0]! : r.tags.join("\u0000");
        let i = setOf.get(key);
        if (i === undefined) {
          i = tagSets.length;
          tagSets.push({ i, ids: r.tags.map((n) => tagIds.get(n.toLowerCase())!).sort() });
          setOf.set(key, i);
        }
        return i;
      };
      // One JSON document: node-postgres escapes array parameters element by element, which
      // cost more than the upsert's own work for 1,000 profiles (measured with --cpu-prof).
      const doc = JSON.stringify(
        rows.map((r) => ({
          id: uuidv7(),
          phone: r.phone,
          cc: r.countrycode,
          name: r.name ?? null,
          age: r.age ?? null,
          gender: r.gender ?? null,
          dob: r.dob ?? null,
          bsid: r.businesssubscriberid ?? null,
          city: r.city ?? null,
          ...(withAttributes ? { attrs: sets(r) } : {}),
          ...(withTags ? { ts: tagSetOf(r) } : {}),
        })),
      );
      // Removals (null) are a second statement, by the ids the upsert returns.
      const removals = rows.some((r) => Object.values(r.attributes ?? {}).some((v) => v === null));
      const [column, value, field, merge] = withAttributes
        ? [
            sql`, attributes`,
            // Read as json and cast: json_to_recordset's own jsonb conversion costs more (measured).
            sql`, u.attrs::jsonb`,
            sql`, attrs json`,
            sql`attributes = profiles.attributes || excluded.attributes,`,
          ]
        : [sql``, sql``, sql``, sql``];
      const [tagColumn, tagValue, tagField, tagJoin, tagMerge] = withTags
        ? [
            sql`, tag_ids`,
            sql`, coalesce(s.ids, '{}')`,
            sql`, ts int`,
            sql`LEFT JOIN json_to_recordset(${JSON.stringify(tagSets)}::json) AS s(i int, ids uuid[]) ON s.i = u.ts`,
            sql.raw(`tag_ids = ${tagIdsUnion("profiles.tag_ids", "excluded.tag_ids")},`),
          ]
        : [sql``, sql``, sql``, sql``, sql``];
      const upserted = await tx.db.execute<{ id: string; phone: string }>(sql`
        INSERT INTO profiles (id, business_id, phone, country_code, name, age, gender, dob,
                              business_subscriber_id, city${column}${tagColumn})
        SELECT u.id, ${businessId}::uuid, u.phone, u.cc, u.name, u.age, u.gender, u.dob, u.bsid, u.city${value}${tagValue}
        FROM json_to_recordset(${doc}::json)
             AS u(id uuid, phone text, cc text, name text, age int, gender text, dob date, bsid text, city text${field}${tagField})
        ${tagJoin}
        ORDER BY u.phone
        ON CONFLICT (business_id, phone) DO UPDATE SET
          country_code = excluded.country_code,
          name = coalesce(excluded.name, profiles.name),
          age = coalesce(excluded.age, profiles.age),
          gender = coalesce(excluded.gender, profiles.gender),
          dob = coalesce(excluded.dob, profiles.dob),
          business_subscriber_id = coalesce(excluded.business_subscriber_id, profiles.business_subscriber_id),
          city = coalesce(excluded.city, profiles.city),
          ${merge}${tagMerge}
          updated_at = now()
        ${removals ? sql`RETURNING id, phone` : sql``}`);
      if (removals) {
        const idOf = new Map(upserted.rows.map((r) => [r.phone, r.id]));
        await removeAttributes(tx, businessId, rows, idOf);
      }
      await recordAudit(tx, {
        businessId,
        action: "profile.upload",
        targetType: "profile",
        data: { total: profile.length, uploaded: profile.length - errors.length, rejected: errors.length },
      });
    });
  }
  const rejected = errors.length;
  return {
    status: rejected === 0 ? "success" : "success with errors",
    total: profile.length,
    uploaded: profile.length - rejected,
    rejected,
    errors,
    accepted,
  };
}

/**
 * Removals (null attribute values) of the upload's records, after their upsert, by the ids it
 * returned: no statement here joins profiles to the upload (a join the planner may run as a
 * loop over the business's profiles when its statistics are stale).
 */
async function removeAttributes(
  tx: Ctx,
  businessId: string,
  rows: ProfileRecord[],
  idOf: Map<string, string>,
): Promise<void> {
  // One statement per set of keys removed (an upload usually removes the same keys throughout).
  const byKeys = new Map<string, string[]>();
  for (const r of rows) {
    const keys = Object.entries(r.attributes ?? {}).flatMap(([k, v]) => (v === null ? [k] : []));
    if (keys.length === 0) continue;
    const set = JSON.stringify(keys.sort());
    byKeys.set(set, [...(byKeys.get(set) ?? []), idOf.get(r.phone)!]);
  }
  for (const [keys, ids] of byKeys)
    await tx.db.execute(sql`
      UPDATE profiles SET attributes = attributes - ARRAY(SELECT json_array_elements_text(${keys}::json)),
                          updated_at = now()
      WHERE business_id = ${businessId}::uuid
        AND id = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(ids)}::json)::uuid))`);
}
