import { and, desc, eq, getTableColumns, gte, isNotNull, lt, lte, type SQL } from "drizzle-orm";
import { callbackDeliveries } from "@/db/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { parseInput } from "./parse-input";
import { deliveryFilters, type AttemptView, type DeliveryFilters, type DeliveryView } from "./schemas";

type DeliveryRow = Omit<typeof callbackDeliveries.$inferSelect, "attemptLog">;
// The log's pages leave each delivery's attempt log out (getDelivery has it).
const { attemptLog: _log, ...listColumns } = getTableColumns(callbackDeliveries);
const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

export function toDeliveryView(r: DeliveryRow): DeliveryView {
  return {
    id: r.id,
    endpointId: r.endpointId,
    event: r.eventType,
    subjectId: r.subjectId,
    status: r.status,
    attempts: r.attempts,
    // A new delivery's next_attempt_at is NULL: it is due since it was made.
    nextAttemptAt: r.status === "pending" ? epoch(r.nextAttemptAt ?? r.createdAt) : null,
    lastResponseCode: r.lastResponseCode,
    lastError: r.lastError,
    createdAt: epoch(r.createdAt),
    deliveredAt: r.deliveredAt ? epoch(r.deliveredAt) : null,
    payload: r.payload,
  };
}

/** The delivery log, newest first, filtered; `nextCursor` is the `before` of the next page. */
export async function listDeliveries(
  ctx: Ctx,
  businessId: string,
  filters: DeliveryFilters = {},
): Promise<{ deliveries: DeliveryView[]; nextCursor: string | null }> {
  const f = parseInput(deliveryFilters, filters);
  const d = callbackDeliveries;
  const where: SQL[] = [eq(d.businessId, businessId)];
  if (f.endpointId) where.push(eq(d.endpointId, f.endpointId));
  if (f.status) where.push(eq(d.status, f.status));
  // Every failed delivery has its last error (a check): the failed index's predicate.
  if (f.status === "failed") where.push(isNotNull(d.lastError));
  if (f.event) where.push(eq(d.eventType, f.event));
  if (f.subjectId) where.push(eq(d.subjectId, f.subjectId));
  if (f.since !== undefined) where.push(gte(d.createdAt, new Date(f.since * 1000)));
  if (f.until !== undefined) where.push(lte(d.createdAt, new Date(f.until * 1000 + 999)));
  if (f.before) where.push(lt(d.id, f.before));
  const rows = await ctx.db
    .select(listColumns)
    .from(d)
    .where(and(...where))
    .orderBy(desc(d.id))
    .limit(f.limit + 1);
  const page = rows.slice(0, f.limit);
  return { deliveries: page.map(toDeliveryView), nextCursor: rows.length > f.limit ? page.at(-1)!.id : null };
}

/** One delivery with every attempt, oldest first. */
export async function getDelivery(
  ctx: Ctx,
  businessId: string,
  id: string,
): Promise<DeliveryView & { attemptLog: AttemptView[] }> {
  const [row] = await ctx.db
    .select()
    .from(callbackDeliveries)
    .where(and(eq(callbackDeliveries.businessId, businessId), eq(callbackDeliveries.id, id)));
  if (!row) throw notFound("Callback delivery");
  return { ...toDeliveryView(row), attemptLog: row.attemptLog };
}
