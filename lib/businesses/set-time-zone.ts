import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { businesses } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";
import { timeZone } from "./time-zone";

/** Read beside the setter by the settings page; one implementation, in get-time-zone.ts. */
export { getTimeZone } from "./get-time-zone";

export const setTimeZoneInput = z.object({ businessId: z.uuid(), timeZone });
export type SetTimeZoneInput = z.input<typeof setTimeZoneInput>;

/**
 * Changes the zone the business's calendar dates are read in (an RCS campaign's default expiry
 * is its coming midnight, reports write local times). Campaigns already created keep the
 * expiry they were given.
 */
export async function setTimeZone(ctx: Ctx, raw: SetTimeZoneInput): Promise<{ timeZone: string }> {
  const input = setTimeZoneInput.parse(raw);
  return inTransaction(ctx, async (tx) => {
    const [before] = await tx.db
      .select({ timeZone: businesses.timeZone })
      .from(businesses)
      .where(eq(businesses.id, input.businessId))
      .for("update");
    if (!before) throw notFound("Business");
    if (before.timeZone === input.timeZone) return { timeZone: input.timeZone };
    await tx.db
      .update(businesses)
      .set({ timeZone: input.timeZone, updatedAt: sql`now()` })
      .where(eq(businesses.id, input.businessId));
    await recordAudit(tx, {
      businessId: input.businessId,
      action: "business.time_zone",
      targetType: "business",
      targetId: input.businessId,
      data: { from: before.timeZone, to: input.timeZone },
    });
    return { timeZone: input.timeZone };
  });
}
