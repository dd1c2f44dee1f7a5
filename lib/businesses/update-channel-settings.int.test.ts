import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessChannels, callingSettings } from "@/db/schema";
import { isSealed, openSecret, sealSecret } from "@/lib/channels/channel-secrets";
import { exotelConfig } from "@/lib/channels/exotel/config";
import { rbmAccessToken } from "@/lib/channels/google-rbm/config";
import { whatsappAccessToken, whatsappCredentials } from "@/lib/channels/whatsapp-cloud/config";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { AppError } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import { createTestBusiness, uniq } from "@/test/factories";
import { listChannelSettings } from "./list-channel-settings";
import { getBusiness } from "./list-businesses";
import { sealStoredSecrets } from "./seal-stored-secrets";
import { setChannel } from "./set-channel";
import { updateChannelSettings } from "./update-channel-settings";

const ctx = systemCtx("test");

async function storedConfig(businessId: string, channel: "chatapp" | "rcs") {
  const [row] = await db()
    .select({ config: businessChannels.config })
    .from(businessChannels)
    .where(and(eq(businessChannels.businessId, businessId), eq(businessChannels.channel, channel)));
  return row!.config as Record<string, unknown>;
}
async function setRawConfig(businessId: string, channel: "chatapp" | "rcs", config: object) {
  await db()
    .update(businessChannels)
    .set({ config })
    .where(and(eq(businessChannels.businessId, businessId), eq(businessChannels.channel, channel)));
}

describe("channel secrets at rest", () => {
  it("seals and opens, and opens legacy plaintext unchanged", () => {
    const sealed = sealSecret("EAAG-secret");
    expect(sealed).toMatch(/^sealed:v1\./);
    expect(sealed).not.toContain("EAAG-secret");
    expect(sealSecret("EAAG-secret")).not.toBe(sealed); // fresh IV each time
    expect(sealSecret(sealed)).toBe(sealed); // never sealed twice
    expect(openSecret(sealed)).toBe("EAAG-secret");
    expect(openSecret("legacy-plain")).toBe("legacy-plain");
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}A`;
    expect(() => openSecret(tampered)).toThrow();
  });

  it("writes every secret sealed, reads them back through the adapters, and shows only set / not set", async () => {
    const t = await createTestBusiness();
    const id = t.business.id;
    const view = await updateChannelSettings(ctx, {
      businessId: id,
      channel: "chatapp",
      provider: "whatsapp-cloud",
      phoneNumberIds: "pn1, pn2",
      wabaId: "1029384756",
      appId: "55501",
      accessToken: "EAAG-access",
      appSecret: "meta-app-secret",
      verifyToken: "verify-me",
    });
    expect(view).toMatchObject({
      provider: "whatsapp-cloud",
      phoneNumberIds: ["pn1", "pn2"],
      wabaId: "1029384756",
      secrets: { accessToken: true, appSecret: true, verifyToken: true },
      legacyPlaintext: false,
      webhookUrl: expect.stringMatching(new RegExp(`/api/webhooks/whatsapp/${id}$`)),
    });
    const text = JSON.stringify(view);
    for (const s of ["EAAG-access", "meta-app-secret", "verify-me"]) expect(text).not.toContain(s);

    const config = await storedConfig(id, "chatapp");
    for (const k of ["accessToken", "appSecret", "verifyToken"])
      expect(isSealed(config[k] as string)).toBe(true);
    expect(JSON.stringify(config)).not.toContain("EAAG-access");
    expect(whatsappAccessToken(config)).toBe("EAAG-access");
    expect(whatsappCredentials(config)).toMatchObject({ wabaId: "1029384756", accessToken: "EAAG-access" });

    // The API's channel view and the console list carry no secret.
    expect(JSON.stringify(await getBusiness(ctx, id))).not.toContain("sealed:");
    const listed = (await listChannelSettings(ctx, [id]))[id]!;
    expect(listed.map((c) => c.channel)).toEqual(["chatapp", "rcs"]);
    expect(JSON.stringify(listed)).not.toContain("sealed:");
  });

  it("keeps a blank secret, replaces a typed one, removes a cleared one", async () => {
    const t = await createTestBusiness();
    const id = t.business.id;
    await updateChannelSettings(ctx, {
      businessId: id,
      channel: "rcs",
      provider: "google-rbm",
      agentId: "acme_agent",
      accessToken: "ya29.first",
      clientToken: "CLIENTTOKEN1",
    });
    const first = await storedConfig(id, "rcs");
    const kept = await updateChannelSettings(ctx, {
      businessId: id,
      channel: "rcs",
      agentId: "acme_agent",
      accessToken: "",
      clientToken: "",
    });
    expect(kept.secrets).toEqual({ accessToken: true, clientToken: true });
    expect((await storedConfig(id, "rcs")).clientToken).toBe(first.clientToken);

    await updateChannelSettings(ctx, { businessId: id, channel: "rcs", accessToken: "ya29.second" });
    expect(rbmAccessToken(await storedConfig(id, "rcs"))).toBe("ya29.second");

    const cleared = await updateChannelSettings(ctx, {
      businessId: id,
      channel: "rcs",
      clear: ["clientToken"],
    });
    expect(cleared.secrets).toEqual({ accessToken: true, clientToken: false });
    expect(cleared.agentId).toBe("acme_agent");
    expect(await storedConfig(id, "rcs")).not.toHaveProperty("clientToken");
  });

  it("refuses an unknown provider, bad sender ids and an unknown business", async () => {
    const t = await createTestBusiness();
    const id = t.business.id;
    const bad = async (input: Parameters<typeof updateChannelSettings>[1]) =>
      updateChannelSettings(ctx, input).catch((e: unknown) => e);
    const provider = await bad({ businessId: id, channel: "chatapp", provider: "google-rbm" });
    expect((provider as AppError).details[0]!.path).toBe("provider");
    expect(await bad({ businessId: id, channel: "chatapp", phoneNumberIds: "ok, not ok!" })).toBeInstanceOf(
      Error,
    );
    expect(await bad({ businessId: id, channel: "chatapp", appSecret: "has space" })).toBeInstanceOf(Error);
    const missing = await bad({ businessId: uuidv7(), channel: "chatapp", appSecret: "x" });
    expect((missing as AppError).code).toBe("not_found");
  });

  it("accepts legacy plaintext everywhere and seals it on save or with secrets:seal", async () => {
    const t = await createTestBusiness();
    const id = t.business.id;
    const legacy = {
      phoneNumberIds: [`pn${uniq()}`],
      accessToken: "plain-access",
      appSecret: "plain-secret",
    };
    await setRawConfig(id, "chatapp", legacy);
    expect(whatsappAccessToken(await storedConfig(id, "chatapp"))).toBe("plain-access");
    const listed = (await listChannelSettings(ctx, [id]))[id]!.find((c) => c.channel === "chatapp")!;
    expect(listed).toMatchObject({ legacyPlaintext: true, secrets: { accessToken: true, appSecret: true } });
    expect(JSON.stringify(listed)).not.toContain("plain-");

    // Toggling the channel (setChannel) seals what it rewrites.
    await setChannel(ctx, { businessId: id, channel: "chatapp", enabled: true });
    const afterToggle = await storedConfig(id, "chatapp");
    expect(isSealed(afterToggle.accessToken as string)).toBe(true);
    expect(whatsappAccessToken(afterToggle)).toBe("plain-access");

    // secrets:seal: the rest of the legacy rows (channels and calling), checked round trip.
    const u = await createTestBusiness();
    await setRawConfig(u.business.id, "rcs", {
      agentId: "a1",
      accessToken: "ya29.plain",
      clientToken: "PLAINTOKEN",
    });
    await db()
      .insert(callingSettings)
      .values({
        businessId: u.business.id,
        enabled: true,
        provider: "exotel",
        callerId: "918012345678",
        config: { accountSid: "sid", apiKey: "plain-key", apiToken: "plain-token" },
      });
    const sealed = await sealStoredSecrets(ctx);
    expect(sealed.channels).toBeGreaterThanOrEqual(1);
    expect(sealed.calling).toBeGreaterThanOrEqual(1);
    const rcs = await storedConfig(u.business.id, "rcs");
    expect(isSealed(rcs.clientToken as string)).toBe(true);
    expect(rbmAccessToken(rcs)).toBe("ya29.plain");
    expect(openSecret(rcs.clientToken as string)).toBe("PLAINTOKEN");
    const [calling] = await db()
      .select({ config: callingSettings.config })
      .from(callingSettings)
      .where(eq(callingSettings.businessId, u.business.id));
    expect(JSON.stringify(calling!.config)).not.toContain("plain-token");
    expect(exotelConfig(calling!.config as Record<string, unknown>)).toMatchObject({
      apiKey: "plain-key",
      apiToken: "plain-token",
    });
    // Nothing left to seal: a second run changes nothing of these rows.
    const again = await storedConfig(u.business.id, "rcs");
    await sealStoredSecrets(ctx);
    expect(await storedConfig(u.business.id, "rcs")).toEqual(again);
  });
});
