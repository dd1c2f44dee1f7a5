import { systemCtx, type Ctx } from "../lib/context";
import { db } from "../lib/db/pool";
import { rawQuery } from "../lib/db/sql";
import { recordInboundMessages } from "../lib/inbound/record-inbound-messages";
import { customerText } from "./customer-text";
import type { TestBusiness } from "./factories";

/** A dashboard user's context (the actor the domain functions check). */
export const userCtx = (businessId: string, id: string, role = "AGENT"): Ctx => ({
  db: db(),
  actor: { type: "user", id, role, businessId },
});

export const chatappSender = (t: TestBusiness) =>
  t.business.channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0]!;

/** A customer's text to the business, as a provider webhook stores it. */
export async function customerWrites(
  t: TestBusiness,
  from: string,
  text = "hello",
  opts: { at?: Date; to?: string; channel?: "chatapp" | "rcs"; ctx?: Ctx } = {},
) {
  return recordInboundMessages(opts.ctx ?? systemCtx("test"), {
    businessId: t.business.id,
    channel: opts.channel ?? "chatapp",
    provider: "simulator",
    messages: [customerText(from, opts.to ?? chatappSender(t), { text, at: opts.at })],
  });
}

export type ConvRow = { id: string; customer: string; assignee_id: string | null; state: string };

export async function conversationOf(businessId: string, customer: string): Promise<ConvRow> {
  const [row] = await rawQuery<ConvRow>(
    db(),
    `SELECT id, customer, assignee_id, state FROM conversations WHERE business_id = $1 AND customer = $2`,
    [businessId, customer],
  );
  return row!;
}

export async function setOpenLimit(businessId: string, openLimit: number, senderTeams: object = {}) {
  await rawQuery(
    db(),
    `INSERT INTO conversation_settings (business_id, open_limit, sender_teams) VALUES ($1, $2, $3)
     ON CONFLICT (business_id) DO UPDATE SET open_limit = $2, sender_teams = $3`,
    [businessId, openLimit, JSON.stringify(senderTeams)],
  );
}

/** A team of `t` (its admin supervising) with the given members; its id. */
export async function createTeamOf(t: TestBusiness, memberIds: string[]): Promise<string> {
  const { uuidv7 } = await import("../lib/ids");
  const teamId = uuidv7();
  await rawQuery(db(), `INSERT INTO teams (id, business_id, name, supervisor_id) VALUES ($1, $2, $3, $4)`, [
    teamId,
    t.business.id,
    `Team ${teamId.slice(-8)}`,
    t.admin.id,
  ]);
  for (const id of memberIds)
    await rawQuery(db(), `INSERT INTO team_members (business_id, team_id, user_id) VALUES ($1, $2, $3)`, [
      t.business.id,
      teamId,
      id,
    ]);
  return teamId;
}
