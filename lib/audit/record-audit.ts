import { auditLog } from "@/db/schema";
import type { Ctx } from "../context";
import { uuidv7 } from "../ids";

export type AuditEntry = {
  businessId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  data?: Record<string, unknown>;
};

/** Appends an audit row with the context's actor; call it inside the change's transaction. */
export async function recordAudit(ctx: Ctx, entry: AuditEntry): Promise<void> {
  await ctx.db.insert(auditLog).values({
    id: uuidv7(),
    businessId: entry.businessId,
    actorType: ctx.actor.type,
    actorId: ctx.actor.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    data: entry.data ?? {},
  });
}
