import type { RowOf } from "../db/row-of";
import type { teams as teamsTable } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { forbidden, invalid, invalidInput } from "../errors";
import { listSenders } from "../senders/list-senders";
import { assignWaiting } from "./assign-waiting";
import { getRoutingSettings, senderKey } from "./routing-settings";
import { RoutingSettingsForm, type RoutingSettingsView } from "./routing-settings-schema";
import { lockRouting } from "./routing-lock";

/** The business's senders as routing names them (`chatapp:<phoneNumberId>`, `rcs:<agentId>`). */
async function sendersOf(ctx: Ctx, businessId: string): Promise<Array<{ key: string; label: string }>> {
  const senders = await listSenders(ctx, businessId);
  return senders.map((s) => ({
    key: senderKey(s.channel, s.sender),
    label: s.channel === "rcs" ? `RCS: ${s.label}` : s.label,
  }));
}

const adminOnly = (ctx: Ctx) => {
  if (ctx.actor.type !== "user" || ctx.actor.role !== "BUSINESS_ADMIN")
    throw forbidden("Only a business admin changes conversation routing");
};

/** What the Settings page's routing card shows: the limit, each sender's team, the teams. */
export async function routingSettingsView(ctx: Ctx, businessId: string): Promise<RoutingSettingsView> {
  adminOnly(ctx);
  const [settings, senders, teams] = await Promise.all([
    getRoutingSettings(ctx, businessId),
    sendersOf(ctx, businessId),
    rawQuery<Pick<RowOf<typeof teamsTable>, "id" | "name">>(
      ctx.db,
      `SELECT id, name FROM teams WHERE business_id = $1 ORDER BY lower(name)`,
      [businessId],
    ),
  ]);
  return {
    openLimit: settings.openLimit,
    senders: senders.map((s) => ({ ...s, teamId: settings.senderTeams[s.key] ?? "" })),
    teams,
  };
}

/**
 * Saves the per-agent limit of open conversations and which team handles which sender. Every
 * sender must be one of the business's and every team its own (said on the row). A higher
 * limit makes room at once: waiting conversations are routed in the same transaction.
 */
export async function saveRoutingSettings(
  ctx: Ctx,
  businessId: string,
  raw: unknown,
): Promise<RoutingSettingsView> {
  adminOnly(ctx);
  const parsed = RoutingSettingsForm.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const input = parsed.data;
  return inTransaction(ctx, async (tx) => {
    const known = new Set((await sendersOf(tx, businessId)).map((s) => s.key));
    const teamIds = [...new Set(input.senders.map((s) => s.teamId).filter(Boolean))];
    const teams = teamIds.length
      ? await rawQuery<Pick<RowOf<typeof teamsTable>, "id">>(
          tx.db,
          `SELECT id FROM teams WHERE business_id = $1 AND id = ANY($2::uuid[])`,
          [businessId, teamIds],
        )
      : [];
    const ours = new Set(teams.map((t) => t.id));
    const issues = input.senders.flatMap((s, i) => [
      ...(known.has(s.key)
        ? []
        : [{ path: `senders.${i}.key`, message: `${s.key} is not a sender of this business` }]),
      ...(s.teamId && !ours.has(s.teamId)
        ? [{ path: `senders.${i}.teamId`, message: "Not a team of this business" }]
        : []),
    ]);
    if (issues.length) throw invalid("Invalid request", issues);
    const senderTeams = Object.fromEntries(
      input.senders.filter((s) => s.teamId).map((s) => [s.key, s.teamId]),
    );
    await lockRouting(tx, businessId);
    await rawQuery(
      tx.db,
      `INSERT INTO conversation_settings (business_id, open_limit, sender_teams, updated_at)
       VALUES ($1, $2, $3::jsonb, now())
       ON CONFLICT (business_id) DO UPDATE SET open_limit = EXCLUDED.open_limit,
         sender_teams = EXCLUDED.sender_teams, updated_at = now()`,
      [businessId, input.openLimit, JSON.stringify(senderTeams)],
    );
    await recordAudit(tx, {
      businessId,
      action: "conversation.routing",
      targetType: "business",
      targetId: businessId,
      data: { openLimit: input.openLimit, senderTeams },
    });
    await assignWaiting(tx, businessId);
    return routingSettingsView(tx, businessId);
  });
}
