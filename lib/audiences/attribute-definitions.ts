import type { AttributeType } from "@/db/schema/audiences";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { AppError, invalid, invalidInput, isUniqueViolation, notFound } from "../errors";
import { uuidv7 } from "../ids";
import type { AttributeDefinitionRule } from "./attribute-values";
import {
  AttributeDefinitionInput,
  AttributeDefinitionUpdate,
  attributeKey,
  MAX_ATTRIBUTES_PER_BUSINESS,
} from "./schemas";

export type AttributeDefinitionView = {
  key: string;
  label: string;
  type: AttributeType;
  choices: string[] | null;
  createdAt: number;
};
type Row = { key: string; label: string; type: AttributeType; choices: string[] | null; created_at: Date };

const view = (r: Row): AttributeDefinitionView => ({
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
  const rows = await rawQuery<Row>(ctx.db, `SELECT * FROM attribute_definitions WHERE business_id = $1`, [
    businessId,
  ]);
  return new Map(rows.map((r) => [r.key, { key: r.key, type: r.type, choices: r.choices }]));
}

export async function listAttributeDefinitions(
  ctx: Ctx,
  businessId: string,
): Promise<AttributeDefinitionView[]> {
  const rows = await rawQuery<Row>(
    ctx.db,
    `SELECT * FROM attribute_definitions WHERE business_id = $1 ORDER BY key`,
    [businessId],
  );
  return rows.map(view);
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
      const [row] = await rawQuery<Row>(
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
      return view(row!);
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError("conflict", `An attribute with key ${d.key} exists already`, [
          { path: "key", message: "Taken" },
        ]);
      throw err;
    }
  });
}

const keyOf = (key: string) => {
  if (!attributeKey.safeParse(key).success) throw notFound("Attribute");
  return key;
};

/**
 * Changes a definition's label, choices or type. Values already stored must still fit: a type
 * change while profiles hold a value, or dropping a choice a profile holds, is a 409 saying
 * how many profiles hold them (remove those values first, or delete the attribute).
 */
export async function updateAttributeDefinition(
  ctx: Ctx,
  businessId: string,
  rawKey: string,
  raw: unknown,
): Promise<AttributeDefinitionView> {
  const key = keyOf(rawKey);
  const parsed = AttributeDefinitionUpdate.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const d = parsed.data;
  return inTransaction(ctx, async (tx) => {
    const [current] = await rawQuery<Row>(
      tx.db,
      `SELECT * FROM attribute_definitions WHERE business_id = $1 AND key = $2 FOR UPDATE`,
      [businessId, key],
    );
    if (!current) throw notFound("Attribute");
    const type = d.type ?? current.type;
    const choiceIssue = (message: string) =>
      invalid(`Invalid request: choices: ${message}`, [{ path: "choices", message }]);
    if (type !== "choice" && d.choices) throw choiceIssue("Only a choice attribute has choices");
    const choices =
      type === "choice" ? (d.choices ?? (current.type === "choice" ? current.choices : null)) : null;
    if (type === "choice" && !choices) throw choiceIssue("A choice attribute needs its choices");
    if (type !== current.type) {
      const held = await holding(tx, businessId, key);
      if (held > 0)
        throw new AppError(
          "conflict",
          `${held} profile(s) hold a value of ${key}: its type cannot change from ${current.type} to ${type} while values are stored`,
          [{ path: "type", message: "Values present" }],
        );
    } else if (type === "choice" && choices && current.choices) {
      const kept = new Set(choices);
      const dropped = current.choices.filter((c) => !kept.has(c));
      const held = dropped.length > 0 ? await holding(tx, businessId, key, dropped) : 0;
      if (held > 0)
        throw new AppError(
          "conflict",
          `${held} profile(s) hold a choice of ${key} this change removes (${dropped.join(", ")})`,
          [{ path: "choices", message: "Values present" }],
        );
    }
    const [row] = await rawQuery<Row>(
      tx.db,
      `UPDATE attribute_definitions SET label = coalesce($3, label), type = $4, choices = $5
       WHERE business_id = $1 AND key = $2 RETURNING *`,
      [businessId, key, d.label ?? null, type, choices],
    );
    await recordAudit(tx, {
      businessId,
      action: "attribute.update",
      targetType: "attribute",
      data: { key, ...d },
    });
    return view(row!);
  });
}

/** How many of the business's profiles hold a value of `key` (one of `values`, when given). */
async function holding(tx: Ctx, businessId: string, key: string, values?: string[]): Promise<number> {
  const [row] = await rawQuery<{ n: string }>(
    tx.db,
    values
      ? `SELECT count(*) AS n FROM profiles WHERE business_id = $1 AND attributes->>$2 = ANY($3::text[])`
      : `SELECT count(*) AS n FROM profiles WHERE business_id = $1 AND attributes ? $2`,
    values ? [businessId, key, values] : [businessId, key],
  );
  return Number(row!.n);
}

/** Deletes a definition and removes its key from every profile of the business. */
export async function deleteAttributeDefinition(ctx: Ctx, businessId: string, rawKey: string): Promise<void> {
  const key = keyOf(rawKey);
  await inTransaction(ctx, async (tx) => {
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
