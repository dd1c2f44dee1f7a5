import { asc, desc, eq, inArray } from "drizzle-orm";
import { businessChannels, businesses } from "@/db/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { channelView } from "./channel-view";
import type { BusinessView } from "./schemas";

async function withChannels(ctx: Ctx, rows: (typeof businesses.$inferSelect)[]): Promise<BusinessView[]> {
  if (rows.length === 0) return [];
  const chans = await ctx.db
    .select()
    .from(businessChannels)
    .where(
      inArray(
        businessChannels.businessId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(businessChannels.channel));
  return rows.map((b) => ({
    id: b.id,
    name: b.name,
    enabled: b.enabled,
    defaultCountry: b.defaultCountry,
    createdAt: b.createdAt,
    channels: chans.filter((c) => c.businessId === b.id).map(channelView),
  }));
}

/** Every business with its channels (operator console). */
export async function listBusinesses(ctx: Ctx): Promise<BusinessView[]> {
  const rows = await ctx.db.select().from(businesses).orderBy(desc(businesses.createdAt)).limit(1000);
  return withChannels(ctx, rows);
}

export async function getBusiness(ctx: Ctx, businessId: string): Promise<BusinessView> {
  const rows = await ctx.db.select().from(businesses).where(eq(businesses.id, businessId));
  const [view] = await withChannels(ctx, rows);
  if (!view) throw notFound("Business");
  return view;
}
