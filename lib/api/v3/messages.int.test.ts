import { describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestBusiness } from "@/test/factories";
import { approvedTemplate, drainAll, richComponents } from "@/test/messages";

const body = (name: string, phoneNumberId: string, to = "919900000001") => ({
  message: {
    messageType: "template",
    name,
    language: "en_US",
    components: [
      {
        componentType: "body",
        parameters: [
          { type: "text", text: "Asha" },
          { type: "text", text: "A-1" },
        ],
      },
    ],
  },
  to,
  phoneNumberId,
});

describe("A1 send chatapp template", () => {
  it("accepts, dispatches and walks to read", async () => {
    const t = await createTestBusiness();
    const phone = t.business.channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0]!;
    const tpl = await approvedTemplate(t.business.id);
    const res = await api(`/api/v3/message/${t.business.id}/template`, {
      headers: { "x-api-key": t.apiKey },
      json: body(tpl.name, phone),
    });
    expect(res.status).toBe(200);
    expect(res.json.transactionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json.messageId).toMatch(/^[0-9a-f-]{36}$/);
    await drainAll();
    const st = await api(
      `/api/v2/message/${t.business.id}/status/${res.json.transactionId}/complete?apikey=${t.apiKey}`,
    );
    expect(st.status).toBe(200);
    expect(st.json).toHaveLength(1);
    expect(st.json[0]).toMatchObject({
      platform_msg_id: res.json.messageId,
      subscriber_id: "919900000001",
      msg_type: "template",
      msg_status: "read",
      error_code: "",
      failed_reason: "",
      failed_at: 0,
      language: "en_US",
      template_name: tpl.name,
    });
    expect(st.json[0].read_at).toBeGreaterThan(0);
  });

  it("is served on the legacy v1 path too", async () => {
    const t = await createTestBusiness();
    const phone = t.business.channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0]!;
    const tpl = await approvedTemplate(t.business.id, { components: richComponents });
    const res = await api(`/api/v1/message/${t.business.id}/template?apikey=${t.apiKey}`, {
      json: {
        message: {
          messageType: "template",
          name: tpl.name,
          language: "en_US",
          components: [
            {
              componentType: "header",
              parameters: [{ type: "media", mediaType: "image", mediaId: "1234567890" }],
            },
            {
              componentType: "body",
              parameters: [
                { type: "text", text: "Sunil" },
                { type: "text", text: "1234" },
              ],
            },
            { componentType: "button", parameters: [{ type: "text", text: "?Kid_ID=123" }] },
          ],
        },
        to: "919900000002",
        phoneNumberId: phone,
      },
    });
    expect(res.status).toBe(200);
  });
});
