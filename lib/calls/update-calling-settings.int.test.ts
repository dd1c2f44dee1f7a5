import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callingSettings } from "@/db/schema";
import { isSealed } from "@/lib/channels/channel-secrets";
import { exotelConfig } from "@/lib/channels/exotel/config";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { AppError } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import { createTestBusiness } from "@/test/factories";
import { getCallingConfig } from "./calling-config";
import { listCallingSettings } from "./list-calling-settings";
import { updateCallingSettings } from "./update-calling-settings";

const ctx = systemCtx("test");
const form = (businessId: string) => ({
  businessId,
  enabled: true,
  provider: "exotel" as const,
  callerId: "+918012345678",
  accountSid: "acme1",
  apiKey: "key-1",
  apiToken: "token-1",
  baseUrl: "",
});

describe("console calling settings", () => {
  it("lists defaults for a business without settings and hides stored credentials", async () => {
    const a = await createTestBusiness();
    const b = await createTestBusiness();
    const before = await listCallingSettings(ctx, [a.business.id, b.business.id]);
    expect(before[a.business.id]).toMatchObject({ provider: "simulator", enabled: true, stored: false });
    expect(before[a.business.id]!.callerId).toBe((await getCallingConfig(ctx, a.business.id)).callerId);

    const saved = await updateCallingSettings(ctx, form(a.business.id));
    expect(saved).toEqual({
      enabled: true,
      provider: "exotel",
      callerId: "918012345678",
      stored: true,
      accountSid: "acme1",
      baseUrl: "",
      apiKeySet: true,
      apiTokenSet: true,
    });
    expect(JSON.stringify(await listCallingSettings(ctx, [a.business.id]))).not.toContain("token-1");
    // Business B is untouched.
    expect((await listCallingSettings(ctx, [b.business.id]))[b.business.id]!.stored).toBe(false);
  });

  it("keeps stored credentials when the form leaves them blank; the simulator drops them", async () => {
    const a = await createTestBusiness();
    await updateCallingSettings(ctx, form(a.business.id));
    await updateCallingSettings(ctx, {
      ...form(a.business.id),
      apiKey: "",
      apiToken: "",
      accountSid: "acme2",
    });
    const cfg = await getCallingConfig(ctx, a.business.id);
    expect(Object.keys(cfg.config).sort()).toEqual(["accountSid", "apiKey", "apiToken"]);
    expect(cfg.config.accountSid).toBe("acme2");
    // Stored sealed, opened by the adapter's config reader.
    expect(isSealed(cfg.config.apiKey as string)).toBe(true);
    expect(isSealed(cfg.config.apiToken as string)).toBe(true);
    expect(JSON.stringify(cfg.config)).not.toContain("token-1");
    expect(exotelConfig(cfg.config)).toMatchObject({ apiKey: "key-1", apiToken: "token-1" });

    await updateCallingSettings(ctx, { ...form(a.business.id), provider: "simulator", enabled: false });
    const [row] = await db()
      .select()
      .from(callingSettings)
      .where(eq(callingSettings.businessId, a.business.id));
    expect(row).toMatchObject({ provider: "simulator", enabled: false, config: {} });
  });

  it("accepts legacy plaintext credentials and seals them on the next save", async () => {
    const a = await createTestBusiness();
    await db()
      .insert(callingSettings)
      .values({
        businessId: a.business.id,
        enabled: true,
        provider: "exotel",
        callerId: "918012345678",
        config: { accountSid: "old", apiKey: "plain-key", apiToken: "plain-token" },
      });
    const legacy = await getCallingConfig(ctx, a.business.id);
    expect(exotelConfig(legacy.config)).toMatchObject({ apiKey: "plain-key", apiToken: "plain-token" });
    expect((await listCallingSettings(ctx, [a.business.id]))[a.business.id]).toMatchObject({
      apiKeySet: true,
      apiTokenSet: true,
    });

    await updateCallingSettings(ctx, { ...form(a.business.id), apiKey: "", apiToken: "" });
    const after = await getCallingConfig(ctx, a.business.id);
    expect(isSealed(after.config.apiToken as string)).toBe(true);
    expect(exotelConfig(after.config)).toMatchObject({ apiKey: "plain-key", apiToken: "plain-token" });
  });

  it("refuses bad input and an unknown business", async () => {
    const a = await createTestBusiness();
    await expect(updateCallingSettings(ctx, { ...form(a.business.id), callerId: "12ab" })).rejects.toThrow();
    await expect(
      updateCallingSettings(ctx, { ...form(a.business.id), baseUrl: "not a url" }),
    ).rejects.toThrow();
    const missing = await updateCallingSettings(ctx, form(uuidv7())).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AppError);
    expect((missing as AppError).code).toBe("not_found");
  });
});
