import { expect, test } from "@playwright/test";
import { orderTemplate } from "../../test/order-template";
import { checkAtBothWidths } from "./both-widths";
import { launchPromotion, promotionCsv, promotionTemplate } from "./campaign-page-helpers";
import { apiKeyFor, signIn } from "./helpers";
import { E2E_ADMIN } from "../accounts";

test("a campaign with two variants and a 10% holdout shows its arms and the lift on the campaign page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ADMIN);
  const creds = await apiKeyFor(page);
  const [a, b] = [await promotionTemplate(page.request, creds), await promotionTemplate(page.request, creds)];
  const id = await launchPromotion(
    page.request,
    creds,
    a,
    promotionCsv(300, () => "0001", 6000),
    {
      abTest: {
        variants: [
          { name: "A", template: orderTemplate(a.name) },
          { name: "B", template: orderTemplate(b.name) },
        ],
        holdoutPercent: 10,
        seed: 42,
      },
    },
  );
  const report = await page.request.get(`/api/v3/promotion/${creds.businessId}/${id}/variants`, {
    headers: { "x-api-key": creds.key },
  });
  expect(report.status()).toBe(200);
  const arms = (await report.json()).arms as Array<{ name: string; recipients: number }>;
  expect(arms.reduce((s, x) => s + x.recipients, 0)).toBe(300);

  await page.goto(`/campaigns/${id}`);
  const table = page.getByRole("table", { name: "A/B test arms" });
  await expect(table).toBeVisible();
  for (const arm of arms)
    await expect(page.getByTestId(`arm-${arm.name}`)).toContainText(arm.recipients.toLocaleString("en-US"));
  await expect(page.getByTestId("arm-holdout")).toContainText("Holdout");
  // 30 in the holdout: below the 100 a comparison needs.
  await expect(page.getByTestId("lift-A")).toContainText("not enough data yet");
  await checkAtBothWidths(page, "campaign-variants");
});
