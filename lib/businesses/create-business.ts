import { businessChannels, businesses, channelSenders } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { uuidv7 } from "../ids";
import { simulatorDisplayNumber } from "../senders/simulator-sender";
import { channelView } from "./channel-view";
import { createBusinessInput, type BusinessView, type CreateBusinessInput } from "./schemas";

/**
 * Creates a business with both channel rows on the simulator provider. The chatapp channel
 * gets one sender phoneNumberId and the RCS channel an agent id derived from the business id,
 * so a new business can send at once on the simulator; both are named after the business
 * (channel_senders, a made-up number for the chatapp one). The default country (none unless the
 * operator picks one) is how its people's national phone numbers are read; the time zone (UTC
 * unless picked) is where its dates are shown.
 */
export async function createBusiness(ctx: Ctx, raw: CreateBusinessInput): Promise<BusinessView> {
  const input = createBusinessInput.parse(raw);
  const id = uuidv7();
  const short = id.replace(/-/g, "").slice(-12);
  return inTransaction(ctx, async (tx) => {
    const [b] = await tx.db
      .insert(businesses)
      .values({ id, name: input.name, defaultCountry: input.defaultCountry, timeZone: input.timeZone })
      .returning();
    const rows = await tx.db
      .insert(businessChannels)
      .values([
        {
          businessId: id,
          channel: "chatapp" as const,
          enabled: input.chatappEnabled,
          config: { phoneNumberIds: [`sim${short}`] },
        },
        {
          businessId: id,
          channel: "rcs" as const,
          enabled: input.rcsEnabled,
          config: { agentId: `sim_agent_${short}` },
        },
      ])
      .returning();
    // The simulator's senders are named after the business, the number made up from the id.
    await tx.db.insert(channelSenders).values([
      {
        businessId: id,
        channel: "chatapp" as const,
        sender: `sim${short}`,
        displayName: input.name,
        displayNumber: simulatorDisplayNumber(`sim${short}`),
      },
      {
        businessId: id,
        channel: "rcs" as const,
        sender: `sim_agent_${short}`,
        displayName: input.name,
        displayNumber: null,
      },
    ]);
    await recordAudit(tx, {
      businessId: id,
      action: "business.create",
      targetType: "business",
      targetId: id,
      data: { name: input.name, defaultCountry: input.defaultCountry, timeZone: input.timeZone },
    });
    return {
      id,
      name: b!.name,
      enabled: b!.enabled,
      defaultCountry: b!.defaultCountry,
      createdAt: b!.createdAt,
      channels: rows.map(channelView),
    };
  });
}
