import { inArray } from "drizzle-orm";
import { callingSettings } from "@/db/schema";
import type { Ctx } from "../context";
import { defaultCallingConfig, type CallingConfig } from "./calling-config";
import type { CallingSettingsView } from "./schemas";

/** The console's view of one business's settings: credentials reduced to "set or not". */
export function callingSettingsView(cfg: CallingConfig, stored: boolean): CallingSettingsView {
  const str = (k: string) => (typeof cfg.config[k] === "string" ? (cfg.config[k] as string) : "");
  return {
    enabled: cfg.enabled,
    provider: cfg.provider,
    callerId: cfg.callerId,
    stored,
    accountSid: str("accountSid"),
    baseUrl: str("baseUrl"),
    apiKeySet: str("apiKey") !== "",
    apiTokenSet: str("apiToken") !== "",
  };
}

/**
 * Calling settings of several businesses in one query (operator console), keyed by business
 * id; a business without a row gets the defaults getCallingConfig would use.
 */
export async function listCallingSettings(
  ctx: Ctx,
  businessIds: string[],
): Promise<Record<string, CallingSettingsView>> {
  const rows =
    businessIds.length === 0
      ? []
      : await ctx.db.select().from(callingSettings).where(inArray(callingSettings.businessId, businessIds));
  const byId = new Map(rows.map((r) => [r.businessId, r]));
  const out: Record<string, CallingSettingsView> = {};
  for (const id of businessIds) {
    const row = byId.get(id);
    out[id] = row
      ? callingSettingsView({ ...row, config: row.config as Record<string, unknown> }, true)
      : callingSettingsView(defaultCallingConfig(id), false);
  }
  return out;
}
