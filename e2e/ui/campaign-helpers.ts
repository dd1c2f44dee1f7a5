import { expect, type APIRequestContext } from "@playwright/test";
import { orderTemplate } from "../../test/order-template";
import { approvedTemplate, chatappSender, ORDER_BODY } from "./helpers";

// Helpers of the campaigns specs: an approved chatapp template, the sender, a list upload and
// a launch, all through the public API as an integration would do it.

/** A MARKETING chatapp template with two body variables, approved by the simulator's review. */
export async function approvedChatappTemplate(
  request: APIRequestContext,
  businessId: string,
  key: string,
): Promise<string> {
  const body = { ...ORDER_BODY, text: "Hello {{1}}, order {{2}} ships today." };
  return (
    await approvedTemplate(request, businessId, key, {
      prefix: "camp",
      components: [body],
      category: "MARKETING",
    })
  ).name;
}

export { chatappSender };

export async function uploadList(
  request: APIRequestContext,
  businessId: string,
  key: string,
  name: string,
  csv: string,
) {
  const res = await request.post(`/api/v2/promotion/${businessId}/list?name=${encodeURIComponent(name)}`, {
    headers: { "x-api-key": key },
    multipart: { file: { name: "list.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** E1 form (b) on a list uploaded before; extra settings (staggered batches, ...) merged in. */
export async function launch(
  request: APIRequestContext,
  ids: { businessId: string; key: string; sender: string; template: string },
  list: string,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await request.post(
    `/api/v2/promotion/${ids.businessId}/template/launch?name=${encodeURIComponent(list)}`,
    {
      headers: { "x-api-key": ids.key },
      data: {
        name,
        channelType: "chatapp",
        phoneNumberId: ids.sender,
        template: orderTemplate(ids.template),
        ...extra,
      },
    },
  );
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { promotionId: string }).promotionId;
}

/** `n` numbers the simulator sends, delivers and reads (docs/simulator.md), unique per run. */
export function readingNumbers(n: number): string[] {
  const base = Date.now() % 10_000;
  return Array.from({ length: n }, (_, i) => `9197${String((base + i) % 10_000).padStart(4, "0")}0001`);
}
