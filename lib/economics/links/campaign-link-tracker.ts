import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { NewMessage } from "../../messages/send/insert-send-rows";
import { sendableTemplate } from "../../messages/send/sendable-template";
import type { TemplateView } from "../../templates/schemas";
import { linkBaseUrl } from "./link-base";
import { newLinkCode } from "./link-code";
import { rewriteLinks } from "./rewrite-links";
import { NO_ARM } from "../../promotions/ab/arm-deal";

type Recipient = { seq: number; phone: string; arm: number | null };
export type LinkRow = { code: string; seq: number; phone: string; messageId: string | null; url: string };

/**
 * The tracked links of one chunk of a campaign's send (sendPromotionChunk): `track` gives each
 * planned message its recipient's own codes (rewriteLinks), `write` stores them in the chunk's
 * transaction, with the messages, so a link is live exactly when its message exists, and adds
 * them to the recipients' arms' counters (promotion_arm_counters: links, and `linked`, the
 * recipients with their first links: in a retry round a recipient sent links before is not
 * counted again). Undefined when the campaign does not track clicks.
 */
export function campaignLinkTracker(
  ctx: Ctx,
  p: { id: string; businessId: string; trackClicks: boolean; currentRound: number },
) {
  if (!p.trackClicks) return undefined;
  const base = linkBaseUrl();
  const rows: LinkRow[] = [];
  /** The chunk's recipients with links, by number: their counters arm. */
  const arms = new Map<string, number>();
  const templates = new Map<string, Promise<TemplateView | null>>();
  const templateOf = (id: string) => {
    let t = templates.get(id);
    if (!t) {
      // Only a template's URL buttons are read; a lookup that fails leaves the buttons as they are.
      t = sendableTemplate(ctx, { businessId: p.businessId, channel: "chatapp", id }).catch(() => null);
      templates.set(id, t);
    }
    return t;
  };
  return {
    async track(msg: NewMessage, r: Recipient): Promise<NewMessage> {
      const template =
        msg.content.kind === "template" && msg.channel === "chatapp" && msg.templateId
          ? await templateOf(msg.templateId)
          : null;
      const { content, links } = rewriteLinks(msg.content, { base, template, newCode: newLinkCode });
      if (links.length === 0) return msg;
      for (const l of links) rows.push({ ...l, seq: r.seq, phone: r.phone, messageId: msg.id });
      arms.set(r.phone, r.arm ?? NO_ARM);
      return { ...msg, content };
    },
    async write(tx: Ctx): Promise<number> {
      if (rows.length === 0) return 0;
      await storeCampaignLinks(tx, p, rows, arms);
      return rows.length;
    },
  };
}

/**
 * A chunk's tracked links and their arms' counters, in one statement: `links` every link,
 * `linked` each recipient (by number; `arms` gives its counters arm) whose first links these
 * are (in a retry round a recipient sent links before is not counted again).
 */
export async function storeCampaignLinks(
  tx: Ctx,
  p: { id: string; businessId: string; currentRound: number },
  rows: LinkRow[],
  arms: ReadonlyMap<string, number>,
): Promise<void> {
  // Round 0 sends each recipient for the first time; a retry round's may have had links.
  const before =
    p.currentRound === 0
      ? new Set<string>()
      : new Set(
          (
            await rawQuery<{ phone: string }>(
              tx.db,
              `SELECT DISTINCT phone FROM tracked_links
               WHERE business_id = $1 AND promotion_id = $2 AND phone = ANY($3::text[])`,
              [p.businessId, p.id, [...arms.keys()]],
            )
          ).map((r) => r.phone),
        );
  const perArm = new Map<number, { links: number; linked: number }>();
  for (const l of rows) {
    const arm = arms.get(l.phone)!;
    const c = perArm.get(arm) ?? { links: 0, linked: 0 };
    c.links++;
    perArm.set(arm, c);
  }
  for (const [phone, arm] of arms) if (!before.has(phone)) perArm.get(arm)!.linked++;
  const counted = [...perArm].sort(([a], [b]) => a - b);
  await rawQuery(
    tx.db,
    `WITH links AS (
       INSERT INTO tracked_links (code, business_id, promotion_id, seq, phone, message_id, url)
       SELECT v.code, $1, $2, v.seq, v.phone, v.mid, v.url
       FROM unnest($3::text[], $4::bigint[], $5::text[], $6::uuid[], $7::text[]) AS v(code, seq, phone, mid, url))
     INSERT INTO promotion_arm_counters (promotion_id, arm, business_id, links, linked)
     SELECT $2, a.arm, $1, a.links, a.linked FROM unnest($8::smallint[], $9::int[], $10::int[]) AS a(arm, links, linked)
     ON CONFLICT (promotion_id, arm) DO UPDATE SET links = promotion_arm_counters.links + excluded.links,
       linked = promotion_arm_counters.linked + excluded.linked`,
    [
      p.businessId,
      p.id,
      rows.map((l) => l.code),
      rows.map((l) => l.seq),
      rows.map((l) => l.phone),
      rows.map((l) => l.messageId),
      rows.map((l) => l.url),
      counted.map(([arm]) => arm),
      counted.map(([, c]) => c.links),
      counted.map(([, c]) => c.linked),
    ],
  );
}
