import { describe, expect, it } from "vitest";
import { createTestBusiness } from "@/test/factories";
import { updateChannelSettings } from "../businesses/update-channel-settings";
import { systemCtx } from "../context";
import { listSenders } from "./list-senders";
import { simulatorDisplayNumber } from "./simulator-sender";

// Senders have names; the simulator gives a new business's, the console's
// channel settings set them, and a removed sender's name goes with it.
describe("listSenders", () => {
  it("names the simulator's senders, takes the console's names, drops removed ones", async () => {
    const t = await createTestBusiness();
    const ctx = systemCtx();
    const [chat, rcs] = await listSenders(ctx, t.business.id);
    expect(chat).toMatchObject({
      channel: "chatapp",
      displayName: t.business.name,
      displayNumber: simulatorDisplayNumber(chat!.sender),
    });
    expect(chat!.label).toMatch(new RegExp(`^${t.business.name} \\(\\+91 98\\d{3} \\d{5}\\)$`));
    expect(rcs).toMatchObject({ channel: "rcs", label: `${t.business.name} (RCS agent)` });

    const view = await updateChannelSettings(ctx, {
      businessId: t.business.id,
      channel: "chatapp",
      phoneNumberIds: "1055, 2066",
      senderNames: "1055, Acme Support, +91 98765 43210\n2066,,+1 415 555 0100",
    });
    expect(view.senderNames).toBe("1055, Acme Support, +919876543210\n2066, , +14155550100");
    expect((await listSenders(ctx, t.business.id)).map((s) => s.label)).toEqual([
      "Acme Support (+91 98765 43210)",
      "+1 415 555 0100",
      `${t.business.name} (RCS agent)`,
    ]);
    await updateChannelSettings(ctx, {
      businessId: t.business.id,
      channel: "chatapp",
      phoneNumberIds: "2066",
    });
    expect((await listSenders(ctx, t.business.id)).map((s) => s.label)).toEqual([
      "+1 415 555 0100",
      `${t.business.name} (RCS agent)`,
    ]);
    await expect(
      updateChannelSettings(ctx, {
        businessId: t.business.id,
        channel: "chatapp",
        senderNames: "2066, A, 12",
      }),
    ).rejects.toThrow(/country code/);
  });
});
