import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { AppError, invalid, invalidInput, notFound } from "../errors";
import {
  definitionView,
  keyOf,
  type AttributeDefinitionRow,
  type AttributeDefinitionView,
} from "./attribute-definitions";
import { AttributeDefinitionUpdate } from "./schemas";
import { lockSegments, segmentsNamingAttribute, usedBySegments } from "./segments/segment-references";

/**
 * Changes a definition's label, choices or type. Values already stored must still fit: a type
 * change while profiles hold a value, or dropping a choice a profile holds, is a 409 saying
 * how many profiles hold them (remove those values first, or delete the attribute). So is a
 * change a segment's condition on the attribute would no longer fit (an operator of the old
 * type, a choice dropped), naming the segments. The key itself never changes.
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
    await lockSegments(tx, businessId);
    const [current] = await rawQuery<AttributeDefinitionRow>(
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
    if (type !== current.type || choices !== current.choices) {
      const segments = await segmentsNamingAttribute(tx, businessId, key, { key, type, choices });
      if (segments.length)
        throw usedBySegments(
          `The attribute ${key}`,
          segments,
          `their conditions on it would not fit this change; change them first`,
        );
    }
    const [row] = await rawQuery<AttributeDefinitionRow>(
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
    return definitionView(row!);
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
