import { readFileSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { launchPromotion, promotionCsv, promotionTemplate } from "./campaign-page-helpers";
import { apiKeyFor, approvedTemplate, ORDER_BODY, signIn } from "./helpers";

// No campaign row vanishes. A 1,000-row CSV with 10 empty cells in the
// column {{1}} takes its value from goes through the wizard; the dry run with the message
// refuses those 10 by variable and column; the campaign page shows the same totals; every row
// is a line of E3 or a refused row with its reason. Points 4, 7, 8 on the campaign page too.
// Screenshots at 390 and 1280 px: /tmp/d-rows-*.png.

const SHOTS = "/tmp/d-rows";
const ROWS = 1000;
const EMPTY = 10;

async function shoot(page: Page, what: string) {
  await checkAtBothWidths(page, what, { prefix: `${SHOTS}-`, settle: 300 });
}

async function download(page: Page, testId: string): Promise<string[]> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  return readFileSync((await file.path())!, "utf8")
    .trim()
    .split("\r\n");
}

const n = (v: number) => v.toLocaleString("en-US");

test("1,000 rows, 10 empty variable cells: the dry run's totals are the campaign page's; every row is in E3 or refused with its reason", async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  await signIn(page, E2E_ADMIN);
  const { businessId, key } = await apiKeyFor(page);
  const headers = { "x-api-key": key };
  const body = { ...ORDER_BODY, text: "Hello {{1}}, your order {{2}} is ready." };
  const { name: template } = await approvedTemplate(request, businessId, key, {
    prefix: "rows",
    components: [body],
    category: "MARKETING",
  });
  const stamp = Date.now().toString(36);
  const base = Date.now() % 100_000;
  const phones = Array.from(
    { length: ROWS },
    (_, i) => `9196${String((base + i) % 100_000).padStart(5, "0")}001`,
  );
  const emptyAt = new Set(Array.from({ length: EMPTY }, (_, i) => 50 + i * 97));
  const csv = [
    "phone,name,order",
    ...phones.map((p, i) => `${p},${emptyAt.has(i) ? "" : `Person ${i}`},O-${i}`),
  ];
  const listName = `rows-${stamp}`;
  const file = `/tmp/${listName}.csv`;
  writeFileSync(file, `${csv.join("\n")}\n`);

  await page.goto("/campaigns/new");
  const campaign = `Rows ${stamp}`;
  await page.getByLabel("Campaign name").fill(campaign);
  await page.getByTestId("csv-file").setInputFiles(file);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByTestId("dry-run").click();
  await expect(page.getByTestId("total-rows")).toHaveText("1,000", { timeout: 60_000 });
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Search templates").fill(template);
  await page.getByRole("radio", { name: new RegExp(template) }).check();
  await page.getByLabel("Body {{1}}: column").selectOption("name");
  await page.getByLabel("Body {{2}}: value from").selectOption("text");
  await page.getByLabel("Body {{2}}: text").fill("ready-made");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "4. Delivery" })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();

  // The review step's dry run with the message.
  const dry = page.getByTestId("launch-dry-run");
  await expect(dry).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("dry-rows")).toHaveText("1,000");
  await expect(page.getByTestId("dry-refused")).toHaveText(String(EMPTY));
  await expect(page.getByTestId("dry-optout")).toHaveText("0");
  await expect(page.getByTestId("dry-send")).toHaveText(n(ROWS - EMPTY));
  await expect(page.getByTestId("launch-summary")).toContainText(`${n(ROWS - EMPTY)} will be sent`);
  const reason = 'missing variable value: {{1}} (column "name") is empty';
  await expect(page.getByTestId("dry-refused-rows")).toContainText(reason);
  const wizardRefused = await download(page, "dry-refused-csv");
  expect(wizardRefused[0]).toBe("row,phone,reason");
  expect(wizardRefused.slice(1)).toHaveLength(EMPTY);
  for (const line of wizardRefused.slice(1)) expect(line).toContain('{{1}} (column ""name"") is empty');
  await shoot(page, "review");

  await page.getByTestId("launch").click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const id = page.url().split("/").pop()!;

  // The campaign page: the dry run's numbers, and its refused rows.
  await expect(page.getByTestId("audience-rows")).toHaveText("1,000");
  await expect(page.getByTestId("audience-refused")).toHaveText(String(EMPTY));
  await expect(page.getByTestId("audience-optout")).toHaveText("0");
  await expect(page.getByTestId("audience-send")).toHaveText(n(ROWS - EMPTY));
  const campaignRefused = await download(page, "download-refused");
  expect(campaignRefused).toEqual(wizardRefused);

  // Every row: a line of E3 or a refused row with its reason.
  const report = await request.get(`/api/v2/promotion/${businessId}/statistics/${id}/report`, { headers });
  const e3 = (await report.text()).trim().split("\r\n").slice(1);
  const inE3 = new Set(e3.map((l) => l.split(",")[1]));
  const refusedPhones = new Set(campaignRefused.slice(1).map((l) => l.split(",")[1]));
  expect(e3.length + refusedPhones.size).toBe(ROWS);
  phones.forEach((p, i) => expect(emptyAt.has(i) ? refusedPhones.has(p) : inE3.has(p)).toBe(true));

  // E4: everything the dry run promised is attempted.
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/v2/promotion/${businessId}/${id}/stats`, { headers })).json()) as {
            attempted: number;
          }
        ).attempted,
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBe(ROWS - EMPTY);
  await page.reload();
  await expect(page.getByTestId("kpi-attempted")).toHaveText(n(ROWS - EMPTY));
  await shoot(page, "campaign");
});

test("campaign page: reach on the cards as in the funnel, one reason per code, non-retryable failures said", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signIn(page, E2E_ADMIN);
  const creds = await apiKeyFor(page);
  const tpl = await promotionTemplate(request, creds);
  // 0047 fails with 131047, 0026 with 131026: neither is retryable; 0002 stops at delivered.
  const tails = ["0047", "0026", "0002", "0001", "0001", "0001"];
  const csv = promotionCsv(12, (i) => tails[i % tails.length]!, Date.now() % 5000);
  const id = await launchPromotion(request, creds, tpl, csv, { retryPromotion: true, maxRetries: 2 });
  const statsUrl = `/api/v2/promotion/${creds.businessId}/${id}/stats`;
  let s: Record<string, number> = {};
  await expect
    .poll(
      async () => {
        s = await (await request.get(statsUrl, { headers: { "x-api-key": creds.key } })).json();
        return s.read! + s.failed! + s.delivered!;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(12);
  await page.goto(`/campaigns/${id}`);
  // Reach: a read message was also delivered and sent (the funnel's numbers).
  await expect(page.getByTestId("kpi-read")).toHaveText(String(s.read));
  await expect(page.getByTestId("kpi-delivered")).toHaveText(String(s.delivered! + s.read!));
  await expect(page.getByTestId("kpi-sent")).toHaveText(String(s.sent! + s.delivered! + s.read!));
  await expect(page.getByTestId("funnel-summary")).toContainText(`Delivered ${s.delivered! + s.read!} `);
  await expect(page.getByText("The rounds table below shows current states.")).toBeVisible();
  // Point 8: the page says these failures are never retried.
  await expect(page.getByTestId("not-retryable")).toContainText("not sent again by a retry round");
  await expect(page.getByTestId("not-retryable")).toContainText("131047");
  await expect(page.getByTestId("failures")).toContainText("not retryable");
  // Point 7: a code reads the same on the campaign page and the overview.
  const reason = "Re-engagement message: more than 24 hours since the customer last replied";
  await expect(page.getByTestId("failures")).toContainText(reason);
  await shoot(page, "kpis");
  await page.goto("/overview");
  await expect(page.getByText(reason).first()).toBeVisible();
});
