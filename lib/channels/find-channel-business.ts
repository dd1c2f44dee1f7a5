import { and, eq, sql } from "drizzle-orm";
import { businessChannels } from "@/db/schema";
import type { Ctx } from "../context";

/**
 * The business that owns a sender, for inbound provider webhooks: Meta names the
 * `phone_number_id` in each change's metadata, RBM the `agentId` in each event. Undefined when
 * no business (with that channel on that provider) has it; the status sink then falls back to
 * the provider message id alone.
 */
export async function findChannelBusiness(
  ctx: Ctx,
  input:
    | { channel: "chatapp"; provider: string; phoneNumberId: string }
    | { channel: "rcs"; provider: string; agentId: string },
): Promise<string | undefined> {
  const bc = businessChannels;
  // Containment (`@>`) rather than `->>`, so a GIN index on config can serve it if ever added.
  const match =
    input.channel === "chatapp"
      ? sql`${bc.config} @> jsonb_build_object('phoneNumberIds', jsonb_build_array(${input.phoneNumberId}::text))`
      : sql`${bc.config} @> jsonb_build_object('agentId', ${input.agentId}::text)`;
  const rows = await ctx.db
    .select({ businessId: bc.businessId })
    .from(bc)
    .where(and(eq(bc.channel, input.channel), eq(bc.provider, input.provider), match))
    .limit(2);
  // Two businesses claiming one sender is a misconfiguration: don't guess between them.
  return rows.length === 1 ? rows[0]!.businessId : undefined;
}

/**
 * The business a Meta webhook change belongs to: the one its URL names (per-business webhook
 * URL), else the owner of the change's `metadata.phone_number_id` on whatsapp-cloud.
 */
export async function metaChangeBusiness(
  ctx: Ctx,
  scope: { businessId?: string },
  phoneNumberId: string | undefined,
): Promise<string | undefined> {
  if (scope.businessId) return scope.businessId;
  if (!phoneNumberId) return undefined;
  return findChannelBusiness(ctx, { channel: "chatapp", provider: "whatsapp-cloud", phoneNumberId });
}

/** Whether a business has `phoneNumberId` among its chatapp senders (on any provider). */
export async function ownsChatappSender(
  ctx: Ctx,
  businessId: string,
  phoneNumberId: string,
): Promise<boolean> {
  const bc = businessChannels;
  const rows = await ctx.db
    .select({ businessId: bc.businessId })
    .from(bc)
    .where(
      and(
        eq(bc.businessId, businessId),
        eq(bc.channel, "chatapp"),
        sql`${bc.config} @> jsonb_build_object('phoneNumberIds', jsonb_build_array(${phoneNumberId}::text))`,
      ),
    )
    .limit(1);
  return rows.length === 1;
}
