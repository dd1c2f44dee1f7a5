import { describe, expect, it } from "vitest";
import { updateBusinessUserInput } from "../../users/business-user-schemas";
import { messageParameter, PARAMETER_SHAPES } from "./parameter-schemas";
import { chatappMessageComponent, rcsComponent, sendRcsTemplateInput } from "../schemas";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe("message parameters", () => {
  it("takes the documented flat forms and Meta's own spellings", () => {
    expect(messageParameter.parse({ type: "currency", code: "inr", amount: "1250.5" })).toEqual({
      type: "currency",
      code: "INR",
      amount: 1250.5,
    });
    expect(
      messageParameter.parse({
        type: "currency",
        currency: { code: "USD", amount_1000: 5000, fallback_value: "$5" },
      }),
    ).toEqual({ type: "currency", code: "USD", amount: 5, fallback_value: "$5" });
    expect(messageParameter.parse({ type: "date_time", date_time: { fallback_value: "May 1" } })).toEqual({
      type: "date",
      date: "May 1",
    });
    expect(messageParameter.parse({ type: "video", video: { id: "987" } })).toMatchObject({
      type: "media",
      mediaType: "video",
      mediaId: "987",
    });
    // Without `type`, the keys say which shape was meant.
    expect(messageParameter.parse({ text: "Asha" })).toEqual({ type: "text", text: "Asha" });
    expect(messageParameter.parse({ payload: "P-1" })).toEqual({ type: "payload", payload: "P-1" });
  });

  it("names the accepted shapes when a value matches none of them", () => {
    for (const bad of [{ type: "money", value: 5 }, { value: 5 }, "Asha", 5, null])
      expect(messages(messageParameter.safeParse(bad))).toEqual([PARAMETER_SHAPES]);
    expect(PARAMETER_SHAPES).toMatch(/^expected a text, currency, date, payload or media parameter/);
  });

  it("accepts `type` as another name for componentType", () => {
    expect(
      chatappMessageComponent.parse({ type: "BODY", parameters: [{ type: "text", text: "x" }] }),
    ).toMatchObject({
      componentType: "body",
    });
  });

  it("other unions of the API say what they accept instead of 'Invalid input'", () => {
    expect(messages(rcsComponent.safeParse({ type: "FOOTER" }))[0]).toMatch(
      /^expected a BODY, HEADER or CAROUSEL component/,
    );
    expect(
      messages(sendRcsTemplateInput.safeParse({ message: { messageType: "image" }, to: "919900000001" }))[0],
    ).toBe("messageType is template (a template by name) or rcs_message (the v1 forms)");
    expect(messages(updateBusinessUserInput.safeParse({ type: "role", userId: "u" }))[0]).toMatch(
      /^type is userStatus .* or callingEnabled/,
    );
    const index = chatappMessageComponent.safeParse({ componentType: "button", index: true, parameters: [] });
    expect(messages(index)).toEqual(['A button index such as "0"']);
  });
});
