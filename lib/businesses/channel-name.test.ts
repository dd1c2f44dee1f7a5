import { describe, expect, it } from "vitest";
import { campaignFilters } from "../promotions/dashboard/campaign-filters";
import { launchPromotionInput } from "../promotions/launch/schemas";
import { listPromotionsQuery } from "../promotions/list-promotions";
import { senderChannel } from "../messages/dispatch/sender-rate-schemas";
import { templateSearchFilters } from "../templates/search-schemas";
import { listTemplatesQuery } from "../templates/schemas";
import { customerReplyInput } from "../inbound/schemas";
import { canonicalChannel, channelName } from "./channel-name";

describe("channelName: whatsapp is the chatapp channel", () => {
  it.each(["whatsapp", "WhatsApp", "WHATSAPP", " whatsapp "])("%j reads as chatapp", (v) => {
    expect(channelName().parse(v)).toBe("chatapp");
    expect(canonicalChannel(v)).toBe("chatapp");
  });
  it("chatapp and rcs stay themselves; anything else is refused", () => {
    expect(channelName().parse("chatapp")).toBe("chatapp");
    expect(channelName().parse("rcs")).toBe("rcs");
    expect(channelName().safeParse("sms").success).toBe(false);
    expect(channelName().safeParse("whatsapp-business").success).toBe(false);
  });
  it("every schema that names a channel takes the alias", () => {
    expect(listPromotionsQuery.parse({ channel: "whatsapp" }).channel).toBe("chatapp");
    expect(campaignFilters.parse({ channel: "whatsapp" }).channel).toBe("chatapp");
    expect(senderChannel.parse("whatsapp")).toBe("chatapp");
    expect(templateSearchFilters.parse({ channel: "whatsapp" }).channel).toBe("chatapp");
    expect(listTemplatesQuery.parse({ channel: "whatsapp" }).channel).toBe("chatapp");
    expect(customerReplyInput.parse({ channel: "whatsapp", text: "hi" }).channel).toBe("chatapp");
    const launch = launchPromotionInput.parse({
      name: "x",
      channelType: "whatsapp",
      template: { name: "t" },
    });
    expect(launch.channelType).toBe("chatapp");
  });
});
