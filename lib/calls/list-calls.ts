import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { calls, users } from "@/db/schema";
import type { Ctx } from "../context";
import { loadActingUser } from "../users/user-permissions";
import { callView, type CallRow } from "./call-view";
import type { CallView } from "./schemas";

export type ListedCall = CallView & { agentName: string; agentEmail: string };

/**
 * Calls for the dashboard, newest first: an agent sees its own, a branch admin those of its
 * branch's users, admins and managers all of the business.
 */
export async function listCalls(
  ctx: Ctx,
  businessId: string,
  opts: { limit?: number; offset?: number } = {},
): Promise<{ rows: ListedCall[]; total: number }> {
  const actor = await loadActingUser(ctx, businessId);
  const where: SQL[] = [eq(calls.businessId, businessId)];
  if (actor.role === "AGENT") where.push(eq(calls.userId, actor.id));
  // A branch admin without a branch sees its own calls. (Postgres refuses a NUL in text, so
  // the old "\u0000 matches no branch" was a 500, not an empty list.)
  if (actor.role === "BRANCH_ADMIN") {
    where.push(actor.branchId === null ? eq(calls.userId, actor.id) : eq(users.branchId, actor.branchId));
  }
  const cond = and(...where);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ call: calls, agentName: users.firstName, agentEmail: users.email })
      .from(calls)
      .innerJoin(users, eq(users.id, calls.userId))
      .where(cond)
      .orderBy(desc(calls.id))
      .limit(Math.min(opts.limit ?? 25, 200))
      .offset(opts.offset ?? 0),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(calls)
      .innerJoin(users, eq(users.id, calls.userId))
      .where(cond),
  ]);
  return {
    rows: rows.map((r) => ({
      ...callView(r.call as CallRow),
      agentName: r.agentName,
      agentEmail: r.agentEmail,
    })),
    total: count?.n ?? 0,
  };
}
