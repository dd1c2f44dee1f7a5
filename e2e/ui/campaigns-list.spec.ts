import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { expectNoHorizontalScroll } from "./a11y";
import {
  approvedChatappTemplate,
  chatappSender,
  launch,
  readingNumbers,
  uploadList,
} from "./campaign-helpers";
import { apiKeyFor, signIn } from "./helpers";
import { createAgent, runId, signInAgentFirstTime } from "./people-helpers";
import { shot, takeShots } from "./shot";

// The Campaigns, Lists and Opt-outs pages against the built server, fed through the
// public API as an integration would; agents are refused every one of them.

const run = runId();
const LIST = `e2e list ${run}`;
const SLOW = `Slow ${run}`;
const FAST = `Fast ${run}`;

async function shots(page: Page, name: string) {
  if (!takeShots) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await shot(page, `/tmp/l-${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe.serial("campaigns pages", () => {
  let ids: { businessId: string; key: string; sender: string; template: string };

  test("campaigns table: both launches with progress, counters move, search, filter, sort, empty state", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, E2E_ADMIN);
    const { businessId, key } = await apiKeyFor(page);
    ids = {
      businessId,
      key,
      sender: await chatappSender(request, businessId, key),
      template: await approvedChatappTemplate(request, businessId, key),
    };
    const phones = readingNumbers(10);
    const csv = ["phone,name,order", ...phones.map((p, i) => `${p},Name ${i},O-${i}`), "12ab,Bad,O-x"].join(
      "\n",
    );
    await uploadList(request, businessId, key, LIST, csv);
    // Two per batch every 5 s: about 25 s of sending to watch.
    await launch(request, ids, LIST, SLOW, { staggered: true, batchSize: 2, batchTimer: 5 });
    await launch(request, ids, LIST, FAST);

    await page.goto("/campaigns");
    await expect(page.getByRole("heading", { name: "Campaigns", level: 1 })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole("searchbox", { name: "Search Campaigns" }).fill(run);
    await expect(page).toHaveURL(new RegExp(`q=${run}`));
    const table = page.getByRole("table", { name: "Campaigns" });
    await expect(table.getByRole("row")).toHaveCount(3);
    const slow = table.getByRole("row").filter({ hasText: SLOW });
    await expect(slow.getByRole("link", { name: SLOW })).toHaveAttribute(
      "href",
      /^\/campaigns\/[0-9a-f-]{36}$/,
    );
    await expect(slow).toContainText("Chatapp");
    await expect(slow).toContainText(ids.template);
    await expect(slow).toContainText(/API key e2e/);
    await expect(slow.getByRole("progressbar")).toBeVisible();
    // The counters move by themselves (polling while a campaign runs), with no page reload.
    const first = await slow.getByRole("progressbar").getAttribute("aria-valuenow");
    await expect(slow).toContainText("10 / 10", { timeout: 90_000 });
    expect(Number(first)).toBeLessThan(100);
    await expect(slow).toContainText("Completed", { timeout: 30_000 });
    await expect(slow).toContainText("100%");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await shots(page, "campaigns");

    // Sort by name, ascending: Fast before Slow.
    await table.getByRole("button", { name: "Name" }).click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(table.getByRole("row").nth(1)).toContainText(FAST);
    // Filter: status, then channel (no RCS campaign here: the filtered empty state).
    await page.getByLabel("Status").selectOption("Completed");
    await expect(page).toHaveURL(/status=Completed/);
    await expect(table.getByRole("row")).toHaveCount(3);
    await page.getByLabel("Channel").selectOption("chatapp");
    await expect(page).toHaveURL(/channel=chatapp/);
    await expect(table.getByRole("row")).toHaveCount(3);
    // Nothing was created in January 2020: the filtered empty state (search cleared first).
    await page.getByRole("searchbox", { name: "Search Campaigns" }).fill("");
    await expect(page).not.toHaveURL(/q=/);
    await page.getByLabel("Created from").fill("2020-01-01");
    await page.getByLabel("Created to").fill("2020-01-31");
    await expect(page.getByText("No campaign matches these filters")).toBeVisible();
    // A reversed date range is refused on the field.
    await page.getByLabel("Created from").fill("2020-02-01");
    await expect(page.getByText("The end date is before the start date")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/channel=/);

    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto("/campaigns");
    await expectNoHorizontalScroll(page, "/campaigns at 390 px");
  });

  test("lists: the upload and its used-by, refused rows CSV, upload with progress, delete with confirm", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, E2E_ADMIN);
    await page.goto("/campaigns/lists");
    await page.getByRole("searchbox", { name: "Search Lists" }).fill(run);
    const table = page.getByRole("table", { name: "Lists" });
    const row = table.getByRole("row").filter({ hasText: LIST });
    await expect(row).toContainText("phone, name, order");
    await expect(row.getByRole("link", { name: SLOW })).toBeVisible();
    await expect(row.getByRole("link", { name: FAST })).toBeVisible();
    const href = await row
      .getByRole("link", { name: `Refused rows of ${LIST}`, exact: true })
      .getAttribute("href");
    const csv = await page.request.get(href!);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toMatch(/^row,phone,reason\r\n11,12ab,/);

    await page.getByRole("button", { name: "Upload list" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload a list" });
    await dialog.getByLabel("List name").fill(`Uploaded ${run}`);
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "more.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("mobile,city\n919812300001,Pune\n919812300002,Goa\n"),
    });
    await dialog.getByRole("button", { name: "Upload" }).click();
    const done = page.getByRole("dialog", { name: `List “Uploaded ${run}” uploaded` });
    await expect(done).toContainText("2 rows accepted, 0 refused");
    await done.getByRole("button", { name: "Done" }).click();
    await expect(table.getByRole("row").filter({ hasText: `Uploaded ${run}` })).toContainText("Not launched");
    await shots(page, "lists");

    await row.getByRole("button", { name: `Delete ${LIST}` }).click();
    const confirm = page.getByRole("dialog", { name: `Delete the list “${LIST}”?` });
    await expect(confirm).toContainText("keep their recipients");
    await confirm.getByRole("button", { name: "Delete list" }).click();
    await expect(row).toHaveCount(0);
    // The campaigns launched on it are untouched.
    await page.goto(`/campaigns?q=${encodeURIComponent(SLOW)}`);
    await expect(page.getByRole("table", { name: "Campaigns" })).toContainText("10 / 10");
  });

  test("opt-outs: add, search, remove with confirm, import a CSV with a bad row", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, E2E_ADMIN);
    await page.goto("/campaigns/opt-outs");
    const tail = String(Date.now() % 100_000).padStart(5, "0");
    const a = `91961${tail}01`;
    const b = `91961${tail}02`;
    await page.getByRole("button", { name: "Add numbers" }).click();
    const add = page.getByRole("dialog", { name: "Add numbers to the opt-out list" });
    await add.getByLabel("Phone numbers").fill("not a number");
    await add.getByRole("button", { name: "Add to opt-outs" }).click();
    await expect(add).toContainText("Not a phone number: not a number");
    await add.getByLabel("Phone numbers").fill(`+${a}\n${b}`);
    await add.getByRole("button", { name: "Add to opt-outs" }).click();
    await expect(add).toBeHidden();
    await page.getByRole("searchbox", { name: "Search Opt-outs" }).fill(a);
    const table = page.getByRole("table", { name: "Opt-outs" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table).toContainText(`+${a}`);
    await expect(table).toContainText("Dashboard");
    await table.getByRole("button", { name: `Remove +${a}` }).click();
    const confirm = page.getByRole("dialog", { name: `Remove +${a} from the opt-outs?` });
    await expect(confirm).toContainText("send to this number again");
    await confirm.getByRole("button", { name: "Remove opt-out" }).click();
    await expect(page.getByText(`No opt-outs match “${a}”`)).toBeVisible();

    await page.getByRole("button", { name: "Import CSV" }).click();
    const imp = page.getByRole("dialog", { name: "Import opt-outs from a CSV" });
    await imp.getByLabel("CSV file").setInputFiles({
      name: "optouts.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`Phone,Note\n${a},back\n${b},dup\nhello,bad\n`),
    });
    await imp.getByRole("button", { name: "Import" }).click();
    await expect(imp).toContainText("1 added, 1 already on the list, 1 not valid");
    await expect(imp).toContainText("Row 3: hello:");
    await shots(page, "opt-outs-import");
    await imp.getByRole("button", { name: "Done" }).click();
    await page.getByRole("searchbox", { name: "Search Opt-outs" }).fill(`91961${tail}`);
    await expect(table.getByRole("row")).toHaveCount(3);
    await expect(table).toContainText("CSV import");
    await shots(page, "opt-outs");
  });

  test("an agent is refused every campaigns page, action route and menu link", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, E2E_ADMIN);
    const { key } = await apiKeyFor(page);
    const agent = await createAgent(request, key, "Campaigns");
    const agentPage = await signInAgentFirstTime(browser, agent);
    try {
      for (const path of ["/campaigns", "/campaigns/lists", "/campaigns/opt-outs"]) {
        await agentPage.goto(path);
        await expect(agentPage, path).toHaveURL(/\/inbox$/);
      }
      await expect(agentPage.getByRole("link", { name: "Campaigns" })).toHaveCount(0);
      const res = await agentPage.request.post("/campaigns/opt-outs/import", { data: "919800000001\n" });
      expect(res.status()).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "Your role (AGENT) may not import opt-outs",
      );
    } finally {
      await agentPage.context().close();
    }
  });
});
