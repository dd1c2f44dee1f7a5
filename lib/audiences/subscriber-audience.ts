import type { RowOf } from "../db/row-of";
import type { profiles } from "@/db/schema";
import { z } from "zod";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { invalid, invalidInput, notFound } from "../errors";
import { attributeRules } from "./attribute-definitions";
import type { AttributeValue } from "./attribute-values";
import { ensureTags } from "./ensure-tags";
import { tagIdsUnion, tagIdsWithout } from "./tag-ids-sql";
import { attributesInvalid, readAttributes } from "./read-attributes";
import { tagNames } from "./schemas";
import { getDefaultCountry } from "../businesses/get-default-country";
import { readTypedPhone } from "../phone/typed-reading";

/** A subscriber's tags and custom attributes (GET .../subscribers/{phone}). */
export type SubscriberAudienceView = {
  phone: string;
  tags: { id: string; name: string; colour: string }[];
  attributes: Record<string, AttributeValue>;
};

/** The E.164 number `rawPhone` reads as, with the business's default country: 400 for one that cannot be a number. */
export async function subscriberPhone(ctx: Ctx, businessId: string, rawPhone: string): Promise<string> {
  const read = readTypedPhone(rawPhone, await getDefaultCountry(ctx, businessId));
  if (!read.ok)
    throw invalid(`Invalid request: phone: ${read.reason}`, [{ path: "phone", message: read.reason }]);
  return read.e164;
}

/** The profile of the business with number `rawPhone`: 400 for a number that cannot be one, 404 for none. */
async function profileOf(
  ctx: Ctx,
  businessId: string,
  rawPhone: string,
): Promise<{ id: string; phone: string }> {
  const [row] = await rawQuery<Pick<RowOf<typeof profiles>, "id" | "phone">>(
    ctx.db,
    `SELECT id, phone FROM profiles WHERE business_id = $1 AND phone = $2`,
    [businessId, await subscriberPhone(ctx, businessId, rawPhone)],
  );
  if (!row) throw notFound("Subscriber");
  return row;
}

/** A profile's number, attributes and tags (by name), in one statement; 404 for none. */
async function viewOf(
  ctx: Ctx,
  businessId: string,
  by: { id: string } | { phone: string },
): Promise<SubscriberAudienceView> {
  const [row] = await rawQuery<SubscriberAudienceView>(
    ctx.db,
    `SELECT p.phone, p.attributes,
       coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'colour', t.colour) ORDER BY lower(t.name))
                 FROM tags t WHERE t.business_id = $1 AND t.id = ANY(p.tag_ids)), '[]'::json) AS tags
     FROM profiles p WHERE p.business_id = $1 AND ${"id" in by ? "p.id = $2" : "p.phone = $2"}`,
    [businessId, "id" in by ? by.id : by.phone],
  );
  if (!row) throw notFound("Subscriber");
  return { phone: row.phone, tags: row.tags, attributes: row.attributes };
}

export async function getSubscriberAudience(
  ctx: Ctx,
  businessId: string,
  rawPhone: string,
): Promise<SubscriberAudienceView> {
  return viewOf(ctx, businessId, { phone: await subscriberPhone(ctx, businessId, rawPhone) });
}

/** Merges `attributes` into the subscriber's values (null removes one), each checked by its type. */
export async function setSubscriberAttributes(
  ctx: Ctx,
  businessId: string,
  rawPhone: string,
  raw: unknown,
): Promise<SubscriberAudienceView> {
  const attributes = (raw as { attributes?: unknown } | null)?.attributes;
  const read = readAttributes(await attributeRules(ctx, businessId), attributes);
  if (!read.ok) throw attributesInvalid(read.errors);
  const profile = await profileOf(ctx, businessId, rawPhone);
  await inTransaction(ctx, async (tx) => {
    await rawQuery(
      tx.db,
      `UPDATE profiles SET attributes = jsonb_strip_nulls(attributes || $3::jsonb), updated_at = now()
       WHERE business_id = $1 AND id = $2`,
      [businessId, profile.id, JSON.stringify(read.patch)],
    );
    await recordAudit(tx, {
      businessId,
      action: "profile.attributes",
      targetType: "profile",
      targetId: profile.id,
      data: { keys: Object.keys(read.patch) },
    });
  });
  return viewOf(ctx, businessId, { id: profile.id });
}

const TagChange = z
  .object({ add: tagNames.default([]), remove: tagNames.default([]) })
  .refine((v) => v.add.length + v.remove.length > 0, "Send add or remove (tag names)")
  .refine(
    (v) => !v.add.some((a) => v.remove.some((r) => r.toLowerCase() === a.toLowerCase())),
    "A tag cannot be both added and removed",
  );

/**
 * Adds and removes the subscriber's tags by name. An unknown name to add creates the tag
 * (default colour); an unknown name to remove is nothing to remove.
 */
export async function changeSubscriberTags(
  ctx: Ctx,
  businessId: string,
  rawPhone: string,
  raw: unknown,
): Promise<SubscriberAudienceView> {
  const parsed = TagChange.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { add, remove } = parsed.data;
  const profile = await profileOf(ctx, businessId, rawPhone);
  await inTransaction(ctx, async (tx) => {
    const ids = await ensureTags(tx, businessId, add);
    // Removed by name: the business's tags of those names (an unknown name removes nothing).
    await rawQuery(
      tx.db,
      `UPDATE profiles SET tag_ids = ${tagIdsWithout(
        tagIdsUnion("tag_ids", "$3::uuid[]"),
        "ARRAY(SELECT id FROM tags WHERE business_id = $1 AND lower(name) = ANY($4::text[]))",
      )}
       WHERE business_id = $1 AND id = $2`,
      [businessId, profile.id, [...new Set(ids.values())].sort(), remove.map((n) => n.toLowerCase())],
    );
    await recordAudit(tx, {
      businessId,
      action: "profile.tags",
      targetType: "profile",
      targetId: profile.id,
      data: { add, remove },
    });
  });
  return viewOf(ctx, businessId, { id: profile.id });
}
