import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { callingSettings } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import type { CallProvider } from "../channels/call-provider";
import { sealConfigSecrets } from "../channels/channel-secrets";
import { exotelCalls } from "../channels/exotel/calls";
import { simulatorCalls } from "../channels/simulator/calls";
import { inTransaction, type Ctx } from "../context";
import { setCallingSettingsInput, type SetCallingSettingsInput } from "./schemas";

export type CallingConfig = {
  enabled: boolean;
  provider: "simulator" | "exotel";
  callerId: string;
  config: Record<string, unknown>;
};

/**
 * The business's calling settings. Without a row, the simulator with a virtual Bengaluru
 * number derived from the business id (918 0xxxxxxxx), so a new business can call at once.
 */
export async function getCallingConfig(ctx: Ctx, businessId: string): Promise<CallingConfig> {
  const [row] = await ctx.db.select().from(callingSettings).where(eq(callingSettings.businessId, businessId));
  if (row) return { ...row, config: row.config as Record<string, unknown> };
  return defaultCallingConfig(businessId);
}

/** The settings of a business without a calling_settings row. */
export function defaultCallingConfig(businessId: string): CallingConfig {
  const n = createHash("sha256").update(businessId).digest().readUInt32BE(0) % 100_000_000;
  return { enabled: true, provider: "simulator", callerId: `9180${String(n).padStart(8, "0")}`, config: {} };
}

const providers: Record<CallingConfig["provider"], CallProvider> = {
  simulator: simulatorCalls,
  exotel: exotelCalls,
};

export function callProvider(name: CallingConfig["provider"]): CallProvider {
  return providers[name];
}

/**
 * Sets the provider, registered number and credentials (operator console, tests). The
 * credentials are stored sealed (lib/channels/channel-secrets.ts); a value that is already
 * sealed (the console keeping the stored one) is kept as is.
 */
export async function setCallingSettings(
  ctx: Ctx,
  businessId: string,
  raw: SetCallingSettingsInput,
): Promise<CallingConfig> {
  const input = setCallingSettingsInput.parse(raw);
  const callerId = input.callerId.replace(/^\+/, "");
  return inTransaction(ctx, async (tx) => {
    const config = sealConfigSecrets(input.config, "calling");
    const values = { businessId, enabled: input.enabled, provider: input.provider, callerId, config };
    await tx.db
      .insert(callingSettings)
      .values(values)
      .onConflictDoUpdate({
        target: callingSettings.businessId,
        set: { ...values, updatedAt: sql`now()` },
      });
    await recordAudit(tx, {
      businessId,
      action: "calling.settings",
      targetType: "business",
      targetId: businessId,
      data: { provider: input.provider, callerId, enabled: input.enabled },
    });
    return { enabled: input.enabled, provider: input.provider, callerId, config };
  });
}
