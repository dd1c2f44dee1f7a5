import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_OPERATOR } from "../accounts";
import { apiKeyFor, approvedTemplate, chatappSender, createBusiness, orderMessage, signIn } from "./helpers";
import { expectNoHorizontalScroll } from "./a11y";
import { shot } from "./shot";

// UI-DAILY: overview, virtual phone Send box, replies inbox, the console's first
// admin and key, profile management. Screenshots of each page at 390 and 1,280 px go to
// /tmp/shots-ui-daily.

const SHOTS = "/tmp/shots-ui-daily";
// Each test signs in, creates a key and a template or two: slow on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });
async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // The shared check lets the overview's charts (ResizeObserver) catch up with the resize.
    await expectNoHorizontalScroll(page, `${name} at ${width} px`);
    await shot(page, `${SHOTS}/${name}-${width}.png`);
  }
}

/** The overview's "today" column: total and failed. */
async function todayCounts(page: Page) {
  await page.goto("/overview");
  const table = page.getByTestId("status-totals");
  const num = async (sel: string) => Number((await table.locator(sel).first().innerText()).replace(/,/g, ""));
  return {
    total: await num('[data-total][data-period="today"]'),
    failed: await num('tr[data-status="failed"] td[data-period="today"]'),
  };
}

test("the overview counts a bulk send as the API's B3 does", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/overview$/);
  const { businessId, key } = await apiKeyFor(page);
  const { name } = await approvedTemplate(page.request, businessId, key, { prefix: "e2e_daily" });
  const before = await todayCounts(page);
  const tail = Date.now().toString().slice(-5, -2);
  // 0047 fails with 131047; the others are delivered and read by the simulator.
  const subscribers = ["0047", "0011", "0012", "0013"].map((end) => ({
    subscriberId: `9198${tail}0${end}`,
    variables: ["Asha", "A-1"],
  }));
  const sent = await page.request.post(`/api/v2/message/${businessId}/template?apikey=${key}`, {
    data: {
      message: orderMessage(name, ["1", "2"]),
      subscribers,
      phoneNumberId: await chatappSender(page.request, businessId, key),
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const { transactionId } = (await sent.json()) as { transactionId: string };
  const partial = async () =>
    (await (
      await page.request.get(`/api/v2/message/${businessId}/status/${transactionId}/partial?apikey=${key}`)
    ).json()) as Record<string, number>;
  await expect.poll(async () => (await partial()).failed, { timeout: 30_000 }).toBe(1);
  const b3 = await partial();
  const after = await todayCounts(page);
  expect(after.total - before.total).toBe(b3.attempted);
  expect(after.failed - before.failed).toBe(b3.failed);
  await expect(page.getByTestId("failures")).toContainText("131047");
  await expect(page.getByTestId("failures")).toContainText("Re-engagement");
  await shots(page, "overview");
});

test("the virtual phone sends a template with its samples, the reply shows in Replies", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  const { businessId, key } = await apiKeyFor(page);
  const { name } = await approvedTemplate(page.request, businessId, key, { prefix: "e2e_daily" });
  const number = `9198${Date.now().toString().slice(-8)}`;
  await page.goto("/virtual-phone");
  const box = page.getByRole("form", { name: "Send a test message" });
  await box.getByLabel("Template").selectOption({ label: `${name} (en_US, chatapp)` });
  await expect(box.getByLabel("Body {{1}}")).toHaveValue("Asha");
  await box.getByLabel("Body {{2}}").fill("ORD-77");
  await box.getByLabel("To").fill(`+91 ${number.slice(2, 7)} ${number.slice(7)}`);
  await box.getByRole("button", { name: "Send" }).click();
  await expect(page).toHaveURL(new RegExp(`number=${number}`));
  await expect(page.getByText("Hello Asha, your order ORD-77 has shipped.")).toBeVisible({ timeout: 20_000 });
  await shots(page, "virtual-phone");

  await page.getByLabel(`Reply as +${number}`).fill("Where is ORD-77?");
  await page.getByRole("button", { name: "Send" }).last().click();
  await expect(page.getByText("Where is ORD-77?")).toBeVisible();

  await page.getByRole("link", { name: "Reply log" }).first().click();
  await expect(page.getByRole("heading", { name: "Reply log", level: 1 })).toBeVisible();
  await page
    .getByRole("searchbox", { name: "Search Replies" })
    .fill(`+91 ${number.slice(2, 7)} ${number.slice(7)}`);
  const row = page.getByRole("row").filter({ hasText: "Where is ORD-77?" });
  await expect(row).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(2); // header + this reply
  await expect(row.getByRole("link", { name })).toHaveAttribute("href", /\/messages\//);
  await shots(page, "replies");
});

test("the console creates a business's first admin and key; the admin signs in", async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_OPERATOR);
  await page.goto("/console/businesses");
  const { name, row } = await createBusiness(page, "First admin");
  await row.getByRole("button", { name: `Create first admin of ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Create first admin" });
  const email = `first-${Date.now().toString(36)}@example.test`;
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("First name").fill("Asha");
  await dialog.getByRole("button", { name: "Create admin and key" }).click();
  const shown = page.getByRole("dialog", { name: "Hand these over once" });
  const password = (await shown.getByTestId("first-admin-password").innerText()).trim();
  const key = (await shown.getByTestId("first-admin-key").innerText()).trim();
  await shown.getByRole("button", { name: "I have handed them over" }).click();
  await expect(row).toContainText("1 admin");
  await shots(page, "console-businesses");

  const who = await page.request.get("/api/v3/whoami", { headers: { "x-api-key": key } });
  expect(who.status()).toBe(200);

  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto("/login");
  await admin.getByLabel("E-mail").fill(email);
  await admin.getByLabel("Password").fill(password);
  await admin.getByRole("button", { name: "Sign in" }).click();
  await expect(admin).toHaveURL(/\/account\/password/);
  await admin.getByLabel("Current password").fill(password);
  await admin.getByLabel(/^New password/).fill("first-admin-own-password");
  await admin.getByLabel("Repeat the new password").fill("first-admin-own-password");
  await admin.getByRole("button", { name: "Save and continue" }).click();
  await expect(admin).toHaveURL(/\/overview$/);
  await expect(admin.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await context.close();
});

test("profiles: sort, edit, delete after confirming, export with formula cells neutralised", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN);
  const { businessId, key } = await apiKeyFor(page);
  const tag = Date.now().toString(36);
  const up = await page.request.post(`/api/v3/profile/upload`, {
    headers: { "x-api-key": key },
    data: {
      profile: [
        {
          phone: `+9197${Date.now().toString().slice(-8)}`,
          countrycode: "IN",
          name: `=cmd ${tag}`,
          city: "Pune",
        },
        { phone: `+9196${Date.now().toString().slice(-8)}`, countrycode: "IN", name: `Zed ${tag}` },
      ],
    },
  });
  expect(up.status(), `${businessId}: ${await up.text()}`).toBe(200);
  await page.goto("/profiles");
  await page.getByRole("searchbox", { name: "Search Profiles" }).fill(tag);
  // Sort at once, inside the search's debounce: each control merges its own params into the
  // current URL, so the search landing later keeps the sort (and the sort keeps the search).
  await page.getByRole("button", { name: "Name" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page).toHaveURL(/sort=name/);
  await expect(page.getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("row").nth(1)).toContainText(`=cmd ${tag}`);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export/ }).click();
  const csv = readFileSync((await (await download).path())!, "utf8");
  expect(csv).toContain(`'=cmd ${tag}`);
  expect(csv).toContain(`Zed ${tag}`);

  const zed = page.getByRole("row").filter({ hasText: `Zed ${tag}` });
  await zed.getByRole("button", { name: /^Edit/ }).click();
  const edit = page.getByRole("dialog", { name: /^Edit/ });
  await edit.getByLabel("City").fill("Mumbai");
  await edit.getByLabel("Date of birth").fill("31/02/1990");
  await edit.getByRole("button", { name: "Save profile" }).click();
  await expect(edit.getByText("A past date written day/month/year")).toBeVisible();
  await edit.getByLabel("Date of birth").fill("21/04/1993");
  await edit.getByRole("button", { name: "Save profile" }).click();
  await expect(edit).toBeHidden();
  await expect(zed).toContainText("Mumbai");
  await expect(zed).toContainText("21/04/1993");
  await shots(page, "profiles");

  await zed.getByRole("button", { name: /^Delete/ }).click();
  const confirm = page.getByRole("dialog", { name: /^Delete/ });
  await expect(confirm).toContainText("Messages already sent to the number stay");
  await confirm.getByRole("button", { name: "Delete profile" }).click();
  await expect(zed).toHaveCount(0);
  await expect(page.getByRole("row")).toHaveCount(2);
});
