import { describe, expect, it } from "vitest";
import { userCtx } from "@/test/conversations";
import { createTestBusiness } from "@/test/factories";
import { getUserPreferences, setUserPreferences } from "./user-preferences";

describe("user preferences", () => {
  it("saves only the keys given: switching one alert on leaves the other as it was", async () => {
    const t = await createTestBusiness();
    const me = userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
    expect(await getUserPreferences(me, t.business.id)).toEqual({
      newChatSound: false,
      newChatDesktop: false,
    });
    await setUserPreferences(me, t.business.id, { newChatSound: true });
    expect(await setUserPreferences(me, t.business.id, { newChatDesktop: true })).toEqual({
      newChatSound: true,
      newChatDesktop: true,
    });
    await setUserPreferences(me, t.business.id, { newChatSound: false });
    expect(await getUserPreferences(me, t.business.id)).toEqual({
      newChatSound: false,
      newChatDesktop: true,
    });
    await expect(setUserPreferences(me, t.business.id, { volume: 11 })).rejects.toThrow();
  });
});
