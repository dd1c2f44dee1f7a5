import type { RowOf } from "../db/row-of";
import type { profiles as profilesTable } from "@/db/schema";
import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { findVisible } from "./find-visible";
import { loadViewer } from "./viewer";

export type CustomerPanel = {
  phone: string;
  profile: {
    name: string | null;
    city: string | null;
    gender: string | null;
    age: number | null;
    businessSubscriberId: string | null;
  } | null;
  /** When and how the customer opted out; null: they receive marketing. */
  optOut: { source: string; at: number } | null;
  /** Campaigns that sent the customer a message, newest first. */
  campaigns: Array<{ id: string; name: string; state: string; at: number }>;
  notes: Array<{ id: string; text: string; authorName: string | null; at: number }>;
};

const secs = (d: Date) => Math.floor(new Date(d).getTime() / 1000);

/**
 * The customer's side panel of a conversation the actor sees (404 otherwise): the profile the
 * business holds for the number, its opt-out, the campaigns that reached it and the
 * conversation's internal notes.
 */
export async function customerPanel(ctx: Ctx, businessId: string, id: string): Promise<CustomerPanel> {
  const viewer = await loadViewer(ctx, businessId);
  const conv = await findVisible(ctx, businessId, viewer, id);
  const phone = conv.customer;
  const [profiles, optOuts, campaigns, notes] = await Promise.all([
    rawQuery<
      Pick<RowOf<typeof profilesTable>, "name" | "city" | "gender" | "age" | "business_subscriber_id">
    >(
      ctx.db,
      `SELECT name, city, gender, age, business_subscriber_id FROM profiles WHERE business_id = $1 AND phone = $2`,
      [businessId, phone],
    ),
    rawQuery<{ source: string; created_at: Date }>(
      ctx.db,
      `SELECT source, created_at FROM opt_outs WHERE business_id = $1 AND phone = $2`,
      [businessId, phone],
    ),
    // promotion_recipients_business_phone_idx serves this (recipients with a message).
    rawQuery<{ id: string; name: string; state: string; created_at: Date }>(
      ctx.db,
      `SELECT p.id, p.name, r.state, p.created_at FROM promotion_recipients r
         JOIN promotions p ON p.business_id = r.business_id AND p.id = r.promotion_id
       WHERE r.business_id = $1 AND r.phone = $2 AND r.message_id IS NOT NULL
       ORDER BY p.created_at DESC LIMIT 20`,
      [businessId, phone],
    ),
    rawQuery<{ id: string; text: string; author_name: string | null; created_at: Date }>(
      ctx.db,
      `SELECT n.id, n.text, n.created_at,
         (SELECT trim(u.first_name || ' ' || coalesce(u.last_name, '')) FROM users u
           WHERE u.business_id = n.business_id AND u.id::text = n.author_id AND n.author_type = 'user') AS author_name
       FROM conversation_notes n WHERE n.business_id = $1 AND n.conversation_id = $2
       ORDER BY n.id DESC LIMIT 50`,
      [businessId, conv.id],
    ),
  ]);
  const p = profiles[0];
  const o = optOuts[0];
  return {
    phone,
    profile: p
      ? {
          name: p.name,
          city: p.city,
          gender: p.gender,
          age: p.age,
          businessSubscriberId: p.business_subscriber_id,
        }
      : null,
    optOut: o ? { source: o.source, at: secs(o.created_at) } : null,
    campaigns: campaigns.map((c) => ({ id: c.id, name: c.name, state: c.state, at: secs(c.created_at) })),
    notes: notes.map((n) => ({ id: n.id, text: n.text, authorName: n.author_name, at: secs(n.created_at) })),
  };
}
