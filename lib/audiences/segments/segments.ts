import { recordAudit } from "../../audit/record-audit";
import { inTransaction, type Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { flowsUsingSegment, segmentUsedByFlows } from "./flows-using-segment";
import { AppError, invalidInput, isUniqueViolation, notFound } from "../../errors";
import { isUuid, uuidv7 } from "../../ids";
import { checkDefinition } from "./check-definition";
import { MAX_SEGMENTS_PER_BUSINESS, SegmentInput, SegmentUpdate, type SegmentDefinition } from "./definition";
import { lockSegments } from "./segment-references";

export type SegmentView = {
  id: string;
  name: string;
  definition: SegmentDefinition;
  createdAt: number;
  updatedAt: number;
};
type SegmentRow = {
  id: string;
  name: string;
  definition: SegmentDefinition;
  created_at: Date;
  updated_at: Date;
};

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const view = (r: SegmentRow): SegmentView => ({
  id: r.id,
  name: r.name,
  definition: r.definition,
  createdAt: seconds(r.created_at),
  updatedAt: seconds(r.updated_at),
});

const nameTaken = (name: string) =>
  new AppError("conflict", `A segment named ${name} exists already`, [{ path: "name", message: "Taken" }]);

/** The business's segment with this id, or a 404 (also for another business's id). */
export async function getSegment(ctx: Ctx, businessId: string, id: string): Promise<SegmentView> {
  if (!isUuid(id)) throw notFound("Segment");
  const [row] = await rawQuery<SegmentRow>(
    ctx.db,
    "SELECT * FROM segments WHERE business_id = $1 AND id = $2",
    [businessId, id],
  );
  if (!row) throw notFound("Segment");
  return view(row);
}

/** The business's segment with this name (whatever the case), or undefined. */
export async function findSegmentByName(
  ctx: Ctx,
  businessId: string,
  name: string,
): Promise<SegmentView | undefined> {
  const [row] = await rawQuery<SegmentRow>(
    ctx.db,
    "SELECT * FROM segments WHERE business_id = $1 AND lower(name) = lower($2)",
    [businessId, name],
  );
  return row && view(row);
}

export async function listSegments(ctx: Ctx, businessId: string): Promise<SegmentView[]> {
  const rows = await rawQuery<SegmentRow>(
    ctx.db,
    "SELECT * FROM segments WHERE business_id = $1 ORDER BY lower(name)",
    [businessId],
  );
  return rows.map(view);
}

/** Saves a segment: its definition checked against the business's attributes and tags first. */
export async function createSegment(ctx: Ctx, businessId: string, raw: unknown): Promise<SegmentView> {
  const parsed = SegmentInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid segment");
  const { name, definition } = parsed.data;
  return inTransaction(ctx, async (tx) => {
    // Serialised per business, so the limit holds under concurrent creates, and checked under
    // the lock a tag's rename or delete takes (segment-references.ts).
    await lockSegments(tx, businessId);
    await checkDefinition(tx, businessId, definition);
    const [n] = await rawQuery<{ n: number }>(
      tx.db,
      "SELECT count(*)::int AS n FROM segments WHERE business_id = $1",
      [businessId],
    );
    if (n!.n >= MAX_SEGMENTS_PER_BUSINESS) {
      throw new AppError("conflict", `A business has at most ${MAX_SEGMENTS_PER_BUSINESS} segments`, [
        { path: "name", message: "Segment limit reached" },
      ]);
    }
    try {
      const [row] = await rawQuery<SegmentRow>(
        tx.db,
        "INSERT INTO segments (id, business_id, name, definition) VALUES ($1, $2, $3, $4::jsonb) RETURNING *",
        [uuidv7(), businessId, name, JSON.stringify(definition)],
      );
      await recordAudit(tx, {
        businessId,
        action: "segment.create",
        targetType: "segment",
        targetId: row!.id,
        data: { name },
      });
      return view(row!);
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(name);
      throw err;
    }
  });
}

/** Renames a segment or replaces its definition (checked as on create). */
export async function updateSegment(
  ctx: Ctx,
  businessId: string,
  id: string,
  raw: unknown,
): Promise<SegmentView> {
  const parsed = SegmentUpdate.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid segment");
  if (!isUuid(id)) throw notFound("Segment");
  const { name, definition } = parsed.data;
  try {
    return await inTransaction(ctx, async (tx) => {
      if (definition) {
        await lockSegments(tx, businessId);
        await checkDefinition(tx, businessId, definition);
      }
      const [row] = await rawQuery<SegmentRow>(
        tx.db,
        `UPDATE segments SET name = coalesce($3, name), definition = coalesce($4::jsonb, definition), updated_at = now()
         WHERE business_id = $1 AND id = $2 RETURNING *`,
        [businessId, id, name ?? null, definition ? JSON.stringify(definition) : null],
      );
      if (!row) throw notFound("Segment");
      await recordAudit(tx, {
        businessId,
        action: "segment.update",
        targetType: "segment",
        targetId: id,
        data: { name: row.name },
      });
      return view(row);
    });
  } catch (err) {
    if (name && isUniqueViolation(err)) throw nameTaken(name);
    throw err;
  }
}

/** Deletes a segment. Campaigns launched on it keep their recipients (frozen at launch). */
export async function deleteSegment(ctx: Ctx, businessId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound("Segment");
  await inTransaction(ctx, async (tx) => {
    const [segment] = await rawQuery<{ name: string }>(
      tx.db,
      "SELECT name FROM segments WHERE business_id = $1 AND id = $2 FOR UPDATE",
      [businessId, id],
    );
    if (!segment) throw notFound("Segment");
    const flows = await flowsUsingSegment(tx, businessId, id);
    if (flows.length > 0) throw segmentUsedByFlows(segment.name, flows);
    const rows = await rawQuery<{ name: string }>(
      tx.db,
      "DELETE FROM segments WHERE business_id = $1 AND id = $2 RETURNING name",
      [businessId, id],
    );
    if (rows.length === 0) throw notFound("Segment");
    await recordAudit(tx, {
      businessId,
      action: "segment.delete",
      targetType: "segment",
      targetId: id,
      data: { name: rows[0]!.name },
    });
  });
}
