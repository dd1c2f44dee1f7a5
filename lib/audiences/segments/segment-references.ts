import type { RowOf } from "../../db/row-of";
import type { segments as segmentsTable } from "@/db/schema";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { AppError } from "../../errors";
import type { AttributeDefinitionRule } from "../attribute-values";
import { checkValue, INVALID } from "./check-value";
import type { SegmentCondition, SegmentDefinition } from "./definition";

/**
 * What a business's segments name of its tags (by name) and attributes (by key), so an edit of
 * a tag or an attribute follows into them or is refused
 * (docs/decisions/segments-follow-tag-and-attribute-edits.md): a rename rewrites them, a delete
 * or a change that would leave one matching nothing is a 409 naming them.
 */

type SegmentRow = Pick<RowOf<typeof segmentsTable>, "id" | "name"> & { definition: SegmentDefinition };

/**
 * Serialises the business's segment writes with the tag and attribute edits that look at them
 * (the same lock createSegment's limit takes): a segment saved while a tag is renamed or deleted
 * is checked after that edit has committed, never against the name it replaces.
 */
export async function lockSegments(tx: Ctx, businessId: string): Promise<void> {
  await rawQuery(tx.db, `SELECT pg_advisory_xact_lock(hashtext('segments:' || $1))`, [businessId]);
}

async function businessSegments(tx: Ctx, businessId: string): Promise<SegmentRow[]> {
  return rawQuery<SegmentRow>(
    tx.db,
    "SELECT id, name, definition FROM segments WHERE business_id = $1 ORDER BY lower(name)",
    [businessId],
  );
}

const conditionsOf = (d: SegmentDefinition): SegmentCondition[] => d.groups.flatMap((g) => g.conditions);

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The definition with the tag `from` (any case) named `to` instead, or null when it does not
 * name it. A list naming both (a change of case only) keeps one.
 */
export function renameTagInDefinition(
  d: SegmentDefinition,
  from: string,
  to: string,
): SegmentDefinition | null {
  if (!conditionsOf(d).some((c) => c.kind === "tags" && c.tags.some((t) => same(t, from)))) return null;
  return {
    ...d,
    groups: d.groups.map((g) => ({
      ...g,
      conditions: g.conditions.map((c) => {
        if (c.kind !== "tags") return c;
        const tags = c.tags.map((t) => (same(t, from) ? to : t));
        return { ...c, tags: tags.filter((t, i) => tags.findIndex((u) => same(u, t)) === i) };
      }),
    })),
  };
}

/**
 * Rewrites every segment of the business that names the tag `from` to name `to`, in the
 * caller's transaction (the rename's), so their matches are the same before and after. The
 * segments' updated time stays: nobody edited them. Returns the segments rewritten.
 */
export async function renameTagInSegments(
  tx: Ctx,
  businessId: string,
  from: string,
  to: string,
): Promise<string[]> {
  if (from === to) return [];
  const changed: string[] = [];
  for (const s of await businessSegments(tx, businessId)) {
    const definition = renameTagInDefinition(s.definition, from, to);
    if (!definition) continue;
    await rawQuery(tx.db, "UPDATE segments SET definition = $3::jsonb WHERE business_id = $1 AND id = $2", [
      businessId,
      s.id,
      JSON.stringify(definition),
    ]);
    changed.push(s.name);
  }
  return changed;
}

/** The names of the business's segments that name the tag (any case). */
export async function segmentsNamingTag(tx: Ctx, businessId: string, name: string): Promise<string[]> {
  return (await businessSegments(tx, businessId))
    .filter((s) =>
      conditionsOf(s.definition).some((c) => c.kind === "tags" && c.tags.some((t) => same(t, name))),
    )
    .map((s) => s.name);
}

/**
 * The names of the business's segments with a condition on the attribute `key`; with `rule`,
 * only those whose condition would not fit the attribute as `rule` defines it (a type change,
 * a choice dropped).
 */
export async function segmentsNamingAttribute(
  tx: Ctx,
  businessId: string,
  key: string,
  rule?: AttributeDefinitionRule,
): Promise<string[]> {
  const fits = (c: SegmentCondition) =>
    rule !== undefined &&
    c.kind === "attribute" &&
    checkValue(rule, c.op, c.value, () => undefined) !== INVALID;
  return (await businessSegments(tx, businessId))
    .filter((s) =>
      conditionsOf(s.definition).some((c) => c.kind === "attribute" && c.key === key && !fits(c)),
    )
    .map((s) => s.name);
}

const quoted = (names: string[]) => names.map((n) => `'${n}'`);
const listed = (names: string[]) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)!}`;

/**
 * The 409 of an edit that would leave segments matching nothing: what, and which segments
 * (each also a detail), so the dashboard's dialog and an API client can name them.
 */
export function usedBySegments(what: string, segments: string[], fix: string): AppError {
  const plural = segments.length === 1 ? "segment" : `${segments.length} segments`;
  return new AppError(
    "conflict",
    `${what} is used by the ${plural} ${listed(quoted(segments))}: ${fix}`,
    segments.map((name) => ({ path: "segments", message: name })),
  );
}
