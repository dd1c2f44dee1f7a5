import { hasMarketingConsentSql } from "../consent/marketing-consent-sql";
import type { ResolvedCondition } from "./check-definition";

/** A value as a placeholder (with an optional cast), added to the compiled statement's parameters. */
export type Param = (v: unknown, cast?: string) => string;

// The conditions on what a number's history says (campaign activity, consent, RCS outcomes),
// each an EXISTS or a scalar subquery on `p.phone` filtered on the business (`b`).

/** What each event is on a campaign recipient (clicks are the tracked links' own table). */
const RECIPIENT_EVENT = {
  received: "r.state IN ('sent', 'delivered', 'read')",
  read: "r.state = 'read'",
  replied: "r.interacted",
} as const;

export function activitySql(
  c: Extract<ResolvedCondition, { kind: "activity" }>,
  b: string,
  param: Param,
): string {
  const days = c.withinDays ? param(c.withinDays, "::int") : undefined;
  let probe: string;
  if (c.event === "clicked") {
    probe = `SELECT 1 FROM link_clicks lc WHERE lc.business_id = ${b} AND lc.phone = p.phone AND lc.agent_class = 'human'`;
    if (c.promotionId) probe += ` AND lc.promotion_id = ${param(c.promotionId, "::uuid")}`;
    if (days) probe += ` AND lc.clicked_at >= now() - make_interval(days => ${days})`;
  } else {
    // message_id IS NOT NULL: a recipient that was sent; the partial index on (business, phone).
    probe = `SELECT 1 FROM promotion_recipients r WHERE r.business_id = ${b} AND r.phone = p.phone
      AND r.message_id IS NOT NULL AND ${RECIPIENT_EVENT[c.event]}`;
    if (c.promotionId) probe += ` AND r.promotion_id = ${param(c.promotionId, "::uuid")}`;
    if (days) {
      probe += ` AND EXISTS (SELECT 1 FROM messages m WHERE m.business_id = ${b} AND m.id = r.message_id
        AND m.created_at >= now() - make_interval(days => ${days}))`;
    }
  }
  return c.op === "did" ? `EXISTS (${probe})` : `NOT EXISTS (${probe})`;
}

export function consentSql(
  state: Extract<ResolvedCondition, { kind: "consent" }>["state"],
  b: string,
): string {
  const optedOut = `EXISTS (SELECT 1 FROM opt_outs o WHERE o.business_id = ${b} AND o.phone = p.phone)`;
  // The launch's own rule (require-marketing-consent): the latest marketing or all event is an opt-in.
  const optIn = hasMarketingConsentSql(b, "p.phone");
  switch (state) {
    case "opted_out":
      return optedOut;
    case "not_opted_out":
      return `NOT ${optedOut}`;
    case "marketing_opt_in":
      return optIn;
    case "no_marketing_opt_in":
      return `NOT ${optIn}`;
  }
}

/**
 * RCS capability as the number's latest RCS campaign outcome says: sent over RCS (capable), or
 * found not capable (`non_rcs`, or sent through the chatapp fallback). No such outcome: unknown.
 */
export function rcsSql(rcs: "capable" | "not_capable" | "unknown", b: string): string {
  const latest = `(SELECT CASE WHEN r.state = 'non_rcs' OR r.via_fallback THEN 'not_capable' ELSE 'capable' END
     FROM promotion_recipients r JOIN promotions pr ON pr.business_id = ${b} AND pr.id = r.promotion_id
     WHERE r.business_id = ${b} AND r.phone = p.phone AND pr.channel_type = 'rcs'
       AND (r.state IN ('non_rcs', 'sent', 'delivered', 'read') OR r.via_fallback)
     ORDER BY r.updated_at DESC LIMIT 1)`;
  return rcs === "unknown" ? `${latest} IS NULL` : `${latest} = '${rcs}'`;
}
