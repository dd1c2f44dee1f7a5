import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from "./a11y";
import {
  launchPromotion,
  promotionCsv,
  promotionTemplate,
  rcsCardTemplate,
  type ApiCreds,
} from "./campaign-page-helpers";
import { apiKeyFor, signIn } from "./helpers";
import { shot } from "./shot";

// The campaign page. Campaigns are launched through the API (E1, C1/C2) on the demo
// business and followed on /campaigns/[id].

const status = (page: Page) => page.getByTestId("campaign-status");
const recipientRows = (page: Page) =>
  page.getByRole("table", { name: "Recipients", exact: true }).locator("tbody tr");

async function confirm(page: Page, button: string, confirmLabel: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: confirmLabel }).click();
  await expect(dialog).toBeHidden();
}

test.describe.configure({ mode: "serial" });

let creds: ApiCreds;
let tpl: { name: string; phoneNumberId: string };

test.beforeAll(async ({ browser, request }) => {
  const page = await browser.newPage();
  await signIn(page, E2E_ADMIN);
  creds = await apiKeyFor(page);
  await page.close();
  tpl = await promotionTemplate(request, creds);
});

test("a 200-row campaign runs to Completed live; KPIs equal E4; filters, search and the report work", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // Every 20th number fails with 131047 (re-engagement window), the rest are read.
  const csv = promotionCsv(200, (i) => (i % 20 === 0 ? "0047" : "0001"));
  const id = await launchPromotion(request, creds, tpl, csv);
  await signIn(page, E2E_ADMIN);
  await page.goto(`/campaigns/${id}`);
  await expect(page.locator("h1")).toContainText("Campaign list-");
  await expect(status(page)).toHaveText("Completed", { timeout: 180_000 });

  // Reads and failures arrive on the simulator's delays: wait until every recipient has its outcome.
  const statsUrl = `/api/v2/promotion/${creds.businessId}/${id}/stats`;
  let stats: Record<string, number> = {};
  await expect
    .poll(
      async () => {
        stats = await (await request.get(statsUrl, { headers: { "x-api-key": creds.key } })).json();
        return stats.read! + stats.failed!;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(200);
  await page.reload();
  // The cards show reach, as the funnel does: a read message was also delivered and sent.
  const reach: Record<string, number> = {
    ...stats,
    delivered: stats.delivered! + stats.read!,
    sent: stats.sent! + stats.delivered! + stats.read!,
  };
  for (const k of ["attempted", "sent", "delivered", "read", "interacted", "failed", "optout"]) {
    await expect(page.getByTestId(`kpi-${k}`)).toHaveText(reach[k]!.toLocaleString("en-US"));
  }
  expect(stats.attempted).toBe(200);

  // What it earned (docs/economics.md): nothing until the business reports conversions, then
  // the two purchases posted through the API, credited to this campaign's messages.
  await expect(page.getByTestId("earned-empty")).toBeVisible();
  // Its template has no link: nothing was tracked, and the page says why rather than showing zeros.
  await expect(page.getByTestId("clicks-empty")).toContainText("No tracked link has gone out yet");
  for (const [i, value] of [
    [1, 100],
    [2, 250],
  ] as const) {
    const res = await request.post(`/api/v3/conversions/${creds.businessId}`, {
      headers: { "x-api-key": creds.key },
      data: {
        eventId: `e2e-${id}-${i}`,
        event: "purchase",
        phone: `9197000${i}0001`,
        value,
        currency: "INR",
      },
    });
    expect(res.status()).toBe(201);
    expect((await res.json()).conversion.campaignId).toBe(id);
  }
  await page.reload();
  await expect(page.getByTestId("kpi-conversions")).toHaveText("2");
  await expect(page.getByTestId("kpi-conversion-rate")).toHaveText("1.1%"); // 2 of the 190 sent
  await expect(page.getByTestId("kpi-revenue-INR")).toHaveText("₹350.00");
  await expect(page.getByTestId("kpi-revenue-per-message-INR")).toHaveText("₹1.84");
  expect(stats.failed).toBe(10);
  await expect(page.getByTestId("failures")).toContainText("131047");
  await expect(page.getByTestId("failures")).toContainText("Re-engagement");
  await expect(page.getByTestId("rounds")).toContainText("First send");

  // Filters: state, error code, phone search (all in the URL, server-side).
  await page.getByTestId("filter-state").selectOption("failed");
  await expect(page).toHaveURL(/state=failed/);
  await expect(recipientRows(page)).toHaveCount(10);
  await page.getByTestId("filter-code").selectOption("131047");
  await expect(page).toHaveURL(/code=131047/);
  await expect(recipientRows(page)).toHaveCount(10);
  await page.getByTestId("filter-state").selectOption("read");
  await expect(page.getByText("No recipients match")).toBeVisible();
  await page.getByTestId("filter-state").selectOption("");
  await page.getByTestId("filter-code").selectOption("");
  await expect(page).not.toHaveURL(/state=|code=/);
  await expect(recipientRows(page)).toHaveCount(25);
  await page.getByLabel("Search Recipients").fill("+91 9700 07");
  await expect(page).toHaveURL(/q=/);
  await expect(recipientRows(page)).toHaveCount(1);
  await expect(recipientRows(page).first()).toContainText("+919700070001");
  await page.getByLabel("Search Recipients").fill("");
  await expect(recipientRows(page)).toHaveCount(25);

  // The E3 report: a header and one row per recipient.
  const downloading = page.waitForEvent("download");
  await page.getByTestId("download-report").click();
  const file = await (await downloading).path();
  const lines = readFileSync(file, "utf8").trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    "Name,Phone,Status,Timestamp,Error,FlowId,FlowName,RetryCount,TemplateName,Language,Clicks",
  );
  expect(lines).toHaveLength(201);
  expect(lines.some((l) => l.includes("919700050001") && l.includes(",read,"))).toBe(true);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await shot(page, `/tmp/d-campaign-${width}.png`);
    await expectNoHorizontalScroll(page, `campaign page at ${width}px`);
  }
  await expectNoSeriousA11yViolations(page, "campaign page");
});

test("stop and resume a running campaign; cancel a scheduled one", async ({ page, request }) => {
  test.setTimeout(180_000);
  // Two recipients every 10 s: still running while the test acts.
  const slow = await launchPromotion(
    request,
    creds,
    tpl,
    promotionCsv(60, () => "0001", 1000),
    {
      staggered: true,
      batchSize: 2,
      batchTimer: 10,
    },
  );
  await signIn(page, E2E_ADMIN);
  await page.goto(`/campaigns/${slow}`);
  await expect(status(page)).toHaveText("Active");
  await expect(page.getByRole("button", { name: "Cancel", exact: true })).toHaveCount(0);
  await confirm(page, "Stop", "Stop campaign");
  await expect(status(page)).toHaveText("Stopped");
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toHaveCount(0);
  await confirm(page, "Resume", "Resume campaign");
  await expect(status(page)).toHaveText("Active");
  await shot(page, "/tmp/d-campaign-running-1280.png");
  await confirm(page, "Stop", "Stop campaign");
  await expect(status(page)).toHaveText("Stopped");

  const later = new Date(Date.now() + 3_600_000).toISOString();
  const scheduled = await launchPromotion(
    request,
    creds,
    tpl,
    promotionCsv(5, () => "0001", 2000),
    {
      scheduleTime: later,
    },
  );
  await page.goto(`/campaigns/${scheduled}`);
  await expect(status(page)).toHaveText("Scheduled");
  await expect(page.getByRole("link", { name: "Duplicate as new" })).toHaveAttribute(
    "href",
    `/campaigns/new?from=${scheduled}`,
  );
  await confirm(page, "Cancel", "Cancel campaign");
  await expect(status(page)).toHaveText("Cancelled");
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toHaveCount(0);

  // Another business's id (or an unknown one) is a 404 inside the shell.
  await page.goto("/campaigns/0193b6f2-8c1a-7cde-9f00-1234567890ab");
  await expect(page.getByRole("heading", { name: "Campaign not found" })).toBeVisible();
});

test("retry failed now: the waiting retry round starts at once from the campaign page", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // Every 4th number is undeliverable (131026: retryable on the e2e server), the rest are read.
  const csv = promotionCsv(12, (i) => (i % 4 === 0 ? "0026" : "0001"), 3000);
  const id = await launchPromotion(request, creds, tpl, csv, { retryPromotion: true, maxRetries: 1 });
  await signIn(page, E2E_ADMIN);
  await page.goto(`/campaigns/${id}`);
  // The first round ends once every message has its outcome; its 3 failures then wait for the
  // retry delay (PROMOTIONS_RETRY_DELAY_SECONDS, 300 s), and the page offers to start it now.
  const retryNow = page.getByRole("button", { name: "Retry failed now", exact: true });
  await expect(retryNow).toBeVisible({ timeout: 120_000 });
  await page.getByRole("button", { name: "Retry failed now", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("3 recipient(s) that failed with a temporary error");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Retry now" }).click();
  await expect(dialog).toBeHidden();
  await expect(retryNow).toHaveCount(0);

  // Round 1 sends exactly the three failures again (they fail again: no retry left, Completed).
  const statsUrl = `/api/v2/promotion/${creds.businessId}/${id}/stats`;
  await expect
    .poll(
      async () => {
        const res = await request.get(statsUrl, { headers: { "x-api-key": creds.key } });
        const body = (await res.json()) as {
          statsReport: Array<{ promotionRetryNumber: number; attempted: number }>;
        };
        return body.statsReport.map((r) => [r.promotionRetryNumber, r.attempted]);
      },
      { timeout: 60_000 },
    )
    .toEqual([
      [0, 12],
      [1, 3],
    ]);
  await expect(status(page)).toHaveText("Completed", { timeout: 120_000 });
});

test("an RCS campaign shows its batches with their capability results", async ({ page, request }) => {
  test.setTimeout(120_000);
  const templateId = await rcsCardTemplate(request, creds);
  const headers = { "x-api-key": creds.key };
  const c1 = await request.post(`/api/v3/promotion/${creds.businessId}/rcs`, {
    headers,
    data: { promotionName: `RCS offers ${Date.now().toString(36)}` },
  });
  expect(c1.status(), await c1.text()).toBe(200);
  const { promotionId } = (await c1.json()) as { promotionId: string };
  const c2 = await request.post(`/api/v3/promotion/${creds.businessId}/rcs/batch`, {
    headers,
    data: {
      promotionId,
      doCapability: true,
      templateId,
      components: [{ type: "BODY", variables: [{ type: "text", value: "${name}" }] }],
      subscribers: [
        { phone: "919876500001", extras: { name: "Asha" } },
        { phone: "919876500101", extras: { name: "Ravi" } },
        { phone: "919876500404", extras: { name: "Meena" } },
      ],
    },
  });
  expect(c2.status(), await c2.text()).toBe(200);
  await signIn(page, E2E_ADMIN);
  await page.goto(`/campaigns/${promotionId}`);
  await expect(page.getByText("RCS campaign", { exact: true })).toBeVisible();
  const batches = page.getByTestId("batches");
  await expect(async () => {
    await page.reload();
    await expect(batches).toContainText("Checked", { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const row = batches.locator("tbody tr").first();
  // Subscribers 3, RCS 2, not RCS 1, no fallback.
  await expect(row.locator("td").nth(3)).toHaveText("3");
  await expect(row.locator("td").nth(4)).toHaveText("2");
  await expect(row.locator("td").nth(5)).toHaveText("1");
  await page.setViewportSize({ width: 390, height: 900 });
  await shot(page, "/tmp/d-campaign-rcs-390.png");
  await expectNoHorizontalScroll(page, "RCS campaign page at 390px");
});
