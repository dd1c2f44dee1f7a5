import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { NewMessage } from "../../messages/send/insert-send-rows";
import { sendableTemplate } from "../../messages/send/sendable-template";
import type { TemplateView } from "../../templates/schemas";
import { linkBaseUrl } from "./link-base";
import { newLinkCode } from "./link-code";
import { rewriteLinks } from "./rewrite-links";

type Recipient = { seq: number; phone: string };
type LinkRow = { code: string; seq: number; phone: string; messageId: string; url: string };

/**
 * The tracked links of one chunk of a campaign's send (sendPromotionChunk): `track` gives each
 * planned message its recipient's own codes (rewriteLinks), `write` stores them in the chunk's
 * transaction, with the messages, so a link is live exactly when its message exists. Undefined
 * when the campaign does not track clicks.
 */
export function campaignLinkTracker(ctx: Ctx, p: { id: string; businessId: string; trackClicks: boolean }) {
  if (!p.trackClicks) return undefined;
  const base = linkBaseUrl();
  const rows: LinkRow[] = [];
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
      return { ...msg, content };
    },
    async write(tx: Ctx): Promise<number> {
      if (rows.length === 0) return 0;
      await rawQuery(
        tx.db,
        `INSERT INTO tracked_links (code, business_id, promotion_id, seq, phone, message_id, url)
         SELECT v.code, $1, $2, v.seq, v.phone, v.mid, v.url
         FROM unnest($3::text[], $4::bigint[], $5::text[], $6::uuid[], $7::text[]) AS v(code, seq, phone, mid, url)`,
        [
          p.businessId,
          p.id,
          rows.map((l) => l.code),
          rows.map((l) => l.seq),
          rows.map((l) => l.phone),
          rows.map((l) => l.messageId),
          rows.map((l) => l.url),
        ],
      );
      return rows.length;
    },
  };
}
