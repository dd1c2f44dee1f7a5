import type { AttributeType } from "@/db/schema/audiences";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { AppError, invalidInput, isUniqueViolation, notFound } from "../errors";
import { uuidv7 } from "../ids";
import type { AttributeDefinitionRule } from "./attribute-values";
import { AttributeDefinitionInput, attributeKey, MAX_ATTRIBUTES_PER_BUSINESS } from "./schemas";
import { lockSegments, segmentsNamingAttribute, usedBySegments } from "./segments/segment-references";

export type AttributeDefinitionView = {
  key: string;
  label: string;
  type: AttributeType;
  choices: string[] | null;
  createdAt: number;
};
export type AttributeDefinitionRow = {
  key: string;
  label: string;
  type: AttributeType;
  choices: string[] | null;
  slot: number;
  created_at: Date;
};

export const definitionView = (r: AttributeDefinitionRow): AttributeDefinitionView => ({
  key: r.key,
  label: r.label,
  type: r.type,
  choices: r.choices,
  createdAt: Math.floor(r.created_at.getTime() / 1000),
});

/** The business's definitions by key, as writes check values against them. */
export async function attributeRules(
  ctx: Ctx,
  businessId: string,
): Promise<Map<string, AttributeDefinitionRule>> {
  const rows = await rawQuery<AttributeDefinitionRow>(
    ctx.db,
    `SELECT * FROM attribute_definitions WHERE business_id = $1`,
    [businessId],
  );
  return new Map(rows.map((r) => [r.key, { key: r.key, type: r.type, choices: r.choices, slot: r.slot }]));
}

export async function listAttributeDefinitions(
  ctx: Ctx,
  businessId: string,
): Promise<AttributeDefinitionView[]> {
  const rows = await rawQuery<AttributeDefinitionRow>(
    ctx.db,
    `SELECT * FROM attribute_definitions WHERE business_id = $1 ORDER BY key`,
    [businessId],
  );
  return rows.map(definitionView);
}

export async function createAttributeDefinition(
  ctx: Ctx,
  businessId: string,
  raw: unknown,
): Promise<AttributeDefinitionView> {
  const parsed = AttributeDefinitionInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const d = parsed.data;
  return inTransaction(ctx, async (tx) => {
    await rawQuery(tx.db, `SELECT pg_advisory_xact_lock(hashtext('attributes:' || $1))`, [businessId]);
    const [n] = await rawQuery<{ n: string }>(
      tx.db,
      `SELECT count(*) AS n FROM attribute_definitions WHERE business_id = $1`,
      [businessId],
    );
    if (Number(n!.n) >= MAX_ATTRIBUTES_PER_BUSINESS)
      throw new AppError("conflict", `A business has at most ${MAX_ATTRIBUTES_PER_BUSINESS} attributes`);
    try {
      const [row] = await rawQuery<AttributeDefinitionRow>(
        tx.db,
        `INSERT INTO attribute_definitions (id, business_id, key, label, type, choices)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [uuidv7(), businessId, d.key, d.label, d.type, d.choices ?? null],
      );
      await recordAudit(tx, {
        businessId,
        action: "attribute.create",
        targetType: "attribute",
        data: { key: d.key },
      });
      return definitionView(row!);
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError("conflict", `An attribute with key ${d.key} exists already`, [
          { path: "key", message: "Taken" },
        ]);
      throw err;
    }
  });
}

/** A key from a path: one that cannot be a key is no attribute (404). */
export const keyOf = (key: string) => {
  if (!attributeKey.safeParse(key).success) throw notFound("Attribute");
  return key;
};

/**
 * Deletes a definition and removes its key from every profile of the business. An attribute a
 * segment has a condition on is not deleted: a 409 naming the segments (they would match
 * nothing, silently); take the condition out of them first.
 */
export async function deleteAttributeDefinition(ctx: Ctx, businessId: string, rawKey: string): Promise<void> {
  const key = keyOf(rawKey);
  await inTransaction(ctx, async (tx) => {
    await lockSegments(tx, businessId);
    const segments = await segmentsNamingAttribute(tx, businessId, key);
    if (segments.length) {
      const [known] = await rawQuery(
        tx.db,
        `SELECT 1 FROM attribute_definitions WHERE business_id = $1 AND key = $2`,
        [businessId, key],
      );
      if (known)
        throw usedBySegments(
          `The attribute ${key}`,
          segments,
          "take its conditions out of their definitions (or delete them) first",
        );
    }
    const rows = await rawQuery(
      tx.db,
      `DELETE FROM attribute_definitions WHERE business_id = $1 AND key = $2 RETURNING id`,
      [businessId, key],
    );
    if (rows.length === 0) throw notFound("Attribute");
    const cleared = await rawQuery(
      tx.db,
      `UPDATE profiles SET attributes = attributes - $2, updated_at = now()
       WHERE business_id = $1 AND attributes ? $2 RETURNING id`,
      [businessId, key],
    );
    await recordAudit(tx, {
      businessId,
      action: "attribute.delete",
      targetType: "attribute",
      data: { key, profiles: cleared.length },
    });
  });
}
