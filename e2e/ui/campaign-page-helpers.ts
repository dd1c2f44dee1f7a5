import { expect, type APIRequestContext } from "@playwright/test";
import { orderTemplate } from "../../test/order-template";
import { approvedTemplate, chatappSender, ORDER_BODY } from "./helpers";

/** The demo business's API credentials, as apiKeyFor (helpers.ts) returns them. */
export type ApiCreds = { businessId: string; key: string };

/** Waits until a template read by `url` is APPROVED (the simulator's review takes seconds). */
async function waitApproved(request: APIRequestContext, url: string, key: string) {
  await expect
    .poll(
      async () => {
        const res = await request.get(url, { headers: { "x-api-key": key } });
        return ((await res.json()) as { status?: string }).status;
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe("APPROVED");
}

/**
 * An approved MARKETING chatapp template with two body variables ({{1}} name, {{2}} order) and
 * the business's first chatapp sender: what a promotion launch needs.
 */
export async function promotionTemplate(request: APIRequestContext, { businessId, key }: ApiCreds) {
  const body = { ...ORDER_BODY, text: "Hello {{1}}, your order {{2}} ships today." };
  const { name } = await approvedTemplate(request, businessId, key, {
    prefix: "promo",
    components: [body],
    category: "MARKETING",
  });
  return { name, phoneNumberId: await chatappSender(request, businessId, key) };
}

/** `phone,name,order` rows; `tailOf(i)` picks the simulator's outcome (docs/simulator.md). */
export function promotionCsv(rows: number, tailOf: (i: number) => string = () => "0001", from = 0): string {
  const lines = ["phone,name,order"];
  for (let i = 0; i < rows; i++) {
    lines.push(`9197${String(from + i).padStart(4, "0")}${tailOf(i)},Customer ${i},O-${i}`);
  }
  return `${lines.join("\n")}\n`;
}

/** E1 form (a): uploads `csv` as a list and launches on it; answers the promotion id. */
export async function launchPromotion(
  request: APIRequestContext,
  creds: ApiCreds,
  tpl: { name: string; phoneNumberId: string },
  csv: string,
  settings: Record<string, unknown> = {},
): Promise<string> {
  const listName = `list-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const body = {
    name: `Campaign ${listName}`,
    channelType: "chatapp",
    phoneNumberId: tpl.phoneNumberId,
    template: orderTemplate(tpl.name),
    ...settings,
  };
  const res = await request.post(
    `/api/v2/promotion/${creds.businessId}/template/launch?name=${encodeURIComponent(listName)}`,
    {
      headers: { "x-api-key": creds.key },
      multipart: {
        file: { name: "list.csv", mimeType: "text/csv", buffer: Buffer.from(csv) },
        body: JSON.stringify(body),
      },
    },
  );
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { promotionId: string }).promotionId;
}

/** An approved RCS card with one variable in its title (D5, then the simulator's review). */
export async function rcsCardTemplate(request: APIRequestContext, { businessId, key }: ApiCreds) {
  const res = await request.post(`/api/v2/resource/${businessId}/rcs/template`, {
    headers: { "x-api-key": key },
    data: {
      messageTemplate: { name: `card_${Date.now().toString(36)}`, language: "en" },
      rcsOutgoingMessage: {
        richCard: {
          standaloneCard: {
            cardOrientation: "VERTICAL",
            cardContent: { title: "Hi {{1}}", description: "Our summer offers are here." },
          },
        },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { id } = (await res.json()) as { id: string };
  await waitApproved(request, `/api/v2/resource/${businessId}/rcs/template?templateId=${id}`, key);
  return id;
}
