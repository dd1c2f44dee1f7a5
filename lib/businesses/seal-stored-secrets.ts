import { and, eq } from "drizzle-orm";
import { businessChannels, callingSettings } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import {
  hasPlaintextSecrets,
  openSecret,
  sealConfigSecrets,
  secretKeys,
  type SecretKind,
} from "../channels/channel-secrets";
import { inTransaction, type Ctx } from "../context";

/**
 * Seals the legacy plaintext secrets still stored in channel and calling configs (admin CLI
 * `secrets:seal`). Optional: plaintext keeps working, and each config is sealed anyway the
 * next time it is saved. Row by row, under a row lock, and only after checking that every
 * sealed value opens back to the original, so nothing can be lost.
 */
export async function sealStoredSecrets(ctx: Ctx): Promise<{ channels: number; calling: number }> {
  let channels = 0;
  let calling = 0;
  const candidates = await ctx.db
    .select({ businessId: businessChannels.businessId, channel: businessChannels.channel })
    .from(businessChannels);
  for (const c of candidates) {
    const done = await inTransaction(ctx, async (tx) => {
      const where = and(
        eq(businessChannels.businessId, c.businessId),
        eq(businessChannels.channel, c.channel),
      );
      const [row] = await tx.db.select().from(businessChannels).where(where).for("update");
      const sealed = row && sealChecked(row.config, c.channel);
      if (!sealed) return false;
      await tx.db.update(businessChannels).set({ config: sealed }).where(where);
      await audit(tx, c.businessId, c.channel);
      return true;
    });
    if (done) channels++;
  }
  const callingRows = await ctx.db.select({ businessId: callingSettings.businessId }).from(callingSettings);
  for (const c of callingRows) {
    const done = await inTransaction(ctx, async (tx) => {
      const where = eq(callingSettings.businessId, c.businessId);
      const [row] = await tx.db.select().from(callingSettings).where(where).for("update");
      const sealed = row && sealChecked(row.config, "calling");
      if (!sealed) return false;
      await tx.db.update(callingSettings).set({ config: sealed }).where(where);
      await audit(tx, c.businessId, "calling");
      return true;
    });
    if (done) calling++;
  }
  return { channels, calling };
}

/** The config with its plaintext secrets sealed, or null when there is nothing to seal. */
function sealChecked(stored: unknown, kind: SecretKind): Record<string, unknown> | null {
  const config = (stored ?? {}) as Record<string, unknown>;
  if (!hasPlaintextSecrets(config, kind)) return null;
  const sealed = sealConfigSecrets(config, kind);
  for (const k of secretKeys[kind]) {
    const before = config[k];
    if (typeof before === "string" && before && openSecret(sealed[k] as string) !== openSecret(before)) {
      throw new Error(`sealing ${kind}.${k} did not round-trip; nothing written for this row`);
    }
  }
  return sealed;
}

function audit(tx: Ctx, businessId: string, target: string) {
  return recordAudit(tx, {
    businessId,
    action: "secrets.seal",
    targetType: target === "calling" ? "calling_settings" : "business_channel",
    targetId: target,
    data: {},
  });
}
