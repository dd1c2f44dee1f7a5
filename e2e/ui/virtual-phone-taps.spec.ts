import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { launchPromotion } from "./campaign-page-helpers";
import { apiKeyFor, approvedTemplate, chatappSender, signIn } from "./helpers";

// A received message's quick-reply and URL buttons can be tapped on the
// virtual phone, and each tap counts as the campaign recipient's interaction; the reply
// bubble's time passes axe's contrast check.

test("tapping a quick reply and a URL button counts two interactions on the campaign page", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN);
  const creds = await apiKeyFor(page);
  const { name } = await approvedTemplate(page.request, creds.businessId, creds.key, {
    prefix: "taps",
    category: "MARKETING",
    components: [
      {
        type: "BODY",
        text: "Hello {{1}}, your order {{2}} ships today.",
        example: { body_text: [["Asha", "A-1"]] },
      },
      {
        type: "BUTTONS",
        buttons: [
          { type: "QUICK_REPLY", text: "Yes please" },
          { type: "URL", text: "Track", url: "https://shop.example.com/track" },
        ],
      },
    ],
  });
  const phoneNumberId = await chatappSender(page.request, creds.businessId, creds.key);
  // "0002": delivered and never read, so the bubble keeps its Mark read button too.
  const stamp = String(Date.now() % 10_000).padStart(4, "0");
  const numbers = [`9196${stamp}0002`, `9197${stamp}0002`];
  const csv = `phone,name,order\n${numbers[0]},Asha,A-1\n${numbers[1]},Ravi,A-2\n`;
  const id = await launchPromotion(page.request, creds, { name, phoneNumberId }, csv);

  // The first number taps the quick reply: a reply bubble answers the message.
  await page.goto(`/virtual-phone?number=${numbers[0]}`);
  const phone = page.getByRole("region", { name: `Virtual phone +${numbers[0]}` });
  const bubble = phone.getByRole("article", { name: /^Message / }).first();
  await expect(bubble.getByTestId("message-status")).toHaveText("delivered", { timeout: 30_000 });
  await bubble.getByRole("button", { name: "Yes please" }).click();
  await expect(page.getByText('Replied "Yes please"')).toBeVisible();
  await expect(phone.getByRole("article", { name: /^Reply at / })).toContainText("Yes please");
  await checkAtBothWidths(page, "virtual-phone-taps");

  // The second number taps the link: shown, not followed, and no reply bubble.
  await page.goto(`/virtual-phone?number=${numbers[1]}`);
  const other = page.getByRole("region", { name: `Virtual phone +${numbers[1]}` });
  const second = other.getByRole("article", { name: /^Message / }).first();
  await expect(second.getByTestId("message-status")).toHaveText("delivered", { timeout: 30_000 });
  await second.getByRole("button", { name: "Track (link)" }).click();
  await expect(page.getByText("Link opened: Track")).toBeVisible();
  await expect(page.getByText("https://shop.example.com/track")).toBeVisible();
  await expect(other.getByRole("article", { name: /^Reply at / })).toHaveCount(0);

  await page.goto(`/campaigns/${id}`);
  await expect(page.getByTestId("kpi-interacted")).toHaveText("2", { timeout: 20_000 });
});
