import { mayManageHours } from "./hours-access";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { invalidInput } from "../../errors";
import { recordAudit } from "../../audit/record-audit";
import { BusinessHoursInput, type BusinessHours } from "./hours-schema";
import { openAt } from "./open-at";

type Row = { time_zone: string; week: BusinessHours["week"]; holidays: string[]; away_text: string };

/** The business's hours, or null when it has none (always open). */
export async function getBusinessHours(ctx: Ctx, businessId: string): Promise<BusinessHours | null> {
  const [row] = await rawQuery<Row>(
    ctx.db,
    `SELECT time_zone, week, holidays, away_text FROM business_hours WHERE business_id = $1`,
    [businessId],
  );
  return row
    ? { timeZone: row.time_zone, week: row.week, holidays: row.holidays, awayText: row.away_text }
    : null;
}

/** Saves the business's hours (admins only), audited. */
export async function saveBusinessHours(ctx: Ctx, businessId: string, raw: unknown): Promise<BusinessHours> {
  mayManageHours(ctx);
  const parsed = BusinessHoursInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const h = parsed.data;
  await rawQuery(
    ctx.db,
    `INSERT INTO business_hours (business_id, time_zone, week, holidays, away_text) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (business_id) DO UPDATE SET time_zone = $2, week = $3, holidays = $4, away_text = $5, updated_at = now()`,
    [businessId, h.timeZone, JSON.stringify(h.week), h.holidays, h.awayText],
  );
  await recordAudit(ctx, {
    businessId,
    action: "business_hours.update",
    targetType: "business",
    targetId: businessId,
  });
  return h;
}

/** Whether the business is open at `at` (no hours set: always open). */
export async function isOpen(ctx: Ctx, businessId: string, at: Date = new Date()): Promise<boolean> {
  const hours = await getBusinessHours(ctx, businessId);
  return hours ? openAt(hours, at) : true;
}
