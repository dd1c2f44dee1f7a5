import { eq } from "drizzle-orm";
import { businesses, callingSettings } from "@/db/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { setCallingSettings } from "./calling-config";
import { callingSettingsView } from "./list-calling-settings";
import { callingSettingsForm, type CallingSettingsForm, type CallingSettingsView } from "./schemas";

const CREDENTIALS = ["apiKey", "apiToken"] as const;

/**
 * The console's save: the flattened form becomes setCallingSettings' input. Blank credentials
 * keep the stored ones (the form never receives them); a blank account SID or base URL clears
 * it. The simulator keeps no provider config.
 */
export async function updateCallingSettings(
  ctx: Ctx,
  raw: CallingSettingsForm,
): Promise<CallingSettingsView> {
  const input = callingSettingsForm.parse(raw);
  const [business] = await ctx.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, input.businessId));
  if (!business) throw notFound("Business");
  const [current] = await ctx.db
    .select({ config: callingSettings.config })
    .from(callingSettings)
    .where(eq(callingSettings.businessId, input.businessId));
  const stored = (current?.config ?? {}) as Record<string, unknown>;

  const config: Record<string, string> = {};
  if (input.provider === "exotel") {
    if (input.accountSid) config.accountSid = input.accountSid;
    if (input.baseUrl) config.baseUrl = input.baseUrl;
    if (typeof stored.timeOffset === "string") config.timeOffset = stored.timeOffset;
    for (const k of CREDENTIALS) {
      const value = input[k] || (typeof stored[k] === "string" ? (stored[k] as string) : "");
      if (value) config[k] = value;
    }
  }
  const saved = await setCallingSettings(ctx, input.businessId, {
    enabled: input.enabled,
    provider: input.provider,
    callerId: input.callerId,
    config,
  });
  return callingSettingsView(saved, true);
}
