import type { RowOf } from "../db/row-of";
import type { flows } from "@/db/schema";
import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { invalid } from "../errors";
import { isUuid } from "../ids";

/**
 * The flow a campaign (E1) is launched with, by `flowId` (the flow's id) or `flowName` (its
 * name): one of the business's flows with a published version, since the replies it starts
 * run on that. Neither given: none. Named but not there: a 400 at the field, so a launch never
 * goes out expecting a flow that will not answer.
 */
export async function flowForCampaign(
  ctx: Ctx,
  businessId: string,
  body: { flowId?: string | null; flowName?: string | null },
): Promise<{ flowId: string; flowName: string } | null> {
  const path = body.flowId ? "flowId" : body.flowName ? "flowName" : null;
  if (!path) return null;
  const given = (path === "flowId" ? body.flowId : body.flowName)!;
  const [flow] =
    path === "flowId" && !isUuid(given)
      ? []
      : await rawQuery<Pick<RowOf<typeof flows>, "id" | "name" | "published_version">>(
          ctx.db,
          `SELECT id, name, published_version FROM flows
           WHERE business_id = $1 AND ${path === "flowId" ? "id = $2::uuid" : "lower(name) = lower($2)"}`,
          [businessId, given],
        );
  const refuse = (message: string) => invalid(`${path}: ${message}`, [{ path, message }]);
  if (!flow) throw refuse(`No flow ${given} in this business: create it on the Flows page first`);
  if (flow.published_version === null)
    throw refuse(`Flow ${flow.name} has no published version: publish it before launching with it`);
  return { flowId: flow.id, flowName: flow.name };
}

/**
 * The flow of the campaign a customer's message answers: the newest promotion launched with a
 * flow whose message reached this number and that the message replies to, or
 * that went out within the promotion's attribution window before it (as interactions are
 * counted, lib/promotions/engine/record-interactions.ts).
 */
export async function campaignFlowOf(
  ctx: Ctx,
  businessId: string,
  m: { from: string; replyToMessageId: string | null; receivedAt: Date },
): Promise<string | null> {
  const [row] = await rawQuery<{ flow_id: string }>(
    ctx.db,
    `SELECT p.flow_id FROM promotion_recipients r
     JOIN promotion_sends s ON s.promotion_id = r.promotion_id AND s.seq = r.seq AND s.round = r.round
     JOIN promotions p ON p.id = r.promotion_id AND p.business_id = r.business_id
     WHERE r.business_id = $1 AND r.phone = $2 AND p.flow_id IS NOT NULL AND r.message_id IS NOT NULL
       AND (r.message_id = $3::uuid
            OR (s.created_at <= $4 AND s.created_at > $4 - make_interval(hours => p.attribution_window)))
     ORDER BY s.created_at DESC LIMIT 1`,
    [businessId, m.from, m.replyToMessageId, m.receivedAt],
  );
  return row?.flow_id ?? null;
}
