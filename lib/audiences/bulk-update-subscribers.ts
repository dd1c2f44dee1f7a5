import { z } from "zod";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { invalid, invalidInput } from "../errors";
import { attributeRules } from "./attribute-definitions";
import { ensureTags } from "./ensure-tags";
import { tagIdsUnion, tagIdsWithout } from "./tag-ids-sql";
import { readAttributes } from "./read-attributes";
import { attributeKey, MAX_BULK_PHONES, tagName } from "./schemas";
import { getDefaultCountry } from "../businesses/get-default-country";
import { readTypedPhone } from "../phone/typed-reading";

const phones = z
  .array(z.string({ error: "Must be a phone number as text" }), {
    error: "Required: an array of phone numbers",
  })
  .min(1, "Send at least one phone number")
  .max(MAX_BULK_PHONES, `At most ${MAX_BULK_PHONES} phone numbers per call`);

export const BulkUpdateInput = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("add_tag"), tag: tagName, phones }),
    z.object({ action: z.literal("remove_tag"), tag: tagName, phones }),
    z.object({ action: z.literal("set_attribute"), key: attributeKey, value: z.unknown(), phones }),
  ],
  { error: "action: Must be add_tag, remove_tag or set_attribute" },
);

export type BulkOutcome = {
  index: number;
  phone: string;
  status: "updated" | "not_found" | "invalid";
  reason?: string;
};
export type BulkUpdateResult = {
  total: number;
  updated: number;
  notFound: number;
  invalid: number;
  results: BulkOutcome[];
};

/**
 * One action (add a tag, remove a tag, set or remove an attribute) on up to 10,000 subscribers
 * by number, in one transaction. Every number sent has an outcome at its index: updated (the
 * subscriber is now as asked, also when it already was), not_found (no profile with it), or
 * invalid with the reason; a value that does not fit the attribute's type is a 400 for the
 * whole call, since it is the same for every number.
 */
export async function bulkUpdateSubscribers(
  ctx: Ctx,
  businessId: string,
  raw: unknown,
): Promise<BulkUpdateResult> {
  const parsed = BulkUpdateInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const input = parsed.data;
  let patch: string | undefined;
  if (input.action === "set_attribute") {
    const value = typeof input.value === "string" && input.value.trim() === "" ? null : (input.value ?? null);
    const read = readAttributes(await attributeRules(ctx, businessId), { [input.key]: value });
    if (!read.ok) {
      const errors = read.errors.map((e) => ({
        ...e,
        path: e.path.startsWith("attributes.") ? "value" : e.path,
      }));
      throw invalid(`Invalid request: ${read.errors[0]!.message}`, errors);
    }
    patch = JSON.stringify(read.patch);
  }

  const country = await getDefaultCountry(ctx, businessId);
  const reads = input.phones.map((p) => readTypedPhone(p, country));
  const wanted = [...new Set(reads.flatMap((r) => (r.ok ? [r.e164] : [])))].sort();
  const doc = JSON.stringify(wanted);

  const found = await inTransaction(ctx, async (tx) => {
    // Rows locked in phone order, as F1 locks them: no deadlock with a concurrent upload. The
    // numbers are one array (an index condition on (business, phone)), never a join the planner
    // could run as a loop over the business's profiles.
    const target = `SELECT id, phone FROM profiles
       WHERE business_id = $1 AND phone = ANY(ARRAY(SELECT json_array_elements_text($2::json)))
       ORDER BY phone FOR UPDATE`;
    let rows: { phone: string }[];
    if (input.action === "set_attribute") {
      rows = await rawQuery(
        tx.db,
        `WITH p AS (${target})
         UPDATE profiles SET attributes = jsonb_strip_nulls(profiles.attributes || $3::jsonb), updated_at = now()
         FROM p WHERE profiles.business_id = $1 AND profiles.id = p.id RETURNING p.phone`,
        [businessId, doc, patch],
      );
    } else if (input.action === "add_tag") {
      const tagId = (await ensureTags(tx, businessId, [input.tag])).get(input.tag.toLowerCase())!;
      rows = await rawQuery(
        tx.db,
        `WITH p AS (${target})
         UPDATE profiles SET tag_ids = ${tagIdsUnion("profiles.tag_ids", "ARRAY[$3::uuid]")}
         FROM p WHERE profiles.business_id = $1 AND profiles.id = p.id RETURNING p.phone`,
        [businessId, doc, tagId],
      );
    } else {
      rows = await rawQuery(
        tx.db,
        `WITH p AS (${target})
         UPDATE profiles SET tag_ids = ${tagIdsWithout(
           "profiles.tag_ids",
           "ARRAY(SELECT id FROM tags WHERE business_id = $1 AND lower(name) = $3)",
         )}
         FROM p WHERE profiles.business_id = $1 AND profiles.id = p.id RETURNING p.phone`,
        [businessId, doc, input.tag.toLowerCase()],
      );
    }
    const foundPhones = new Set(rows.map((r) => r.phone));
    await recordAudit(tx, {
      businessId,
      action: `audience.bulk.${input.action}`,
      targetType: "profile",
      data: { total: input.phones.length, updated: foundPhones.size },
    });
    return foundPhones;
  });

  const results: BulkOutcome[] = input.phones.map((phone, index) => {
    const r = reads[index]!;
    if (!r.ok) return { index, phone, status: "invalid", reason: r.reason };
    return found.has(r.e164) ? { index, phone, status: "updated" } : { index, phone, status: "not_found" };
  });
  const count = (s: BulkOutcome["status"]) => results.filter((r) => r.status === s).length;
  return {
    total: results.length,
    updated: count("updated"),
    notFound: count("not_found"),
    invalid: count("invalid"),
    results,
  };
}
