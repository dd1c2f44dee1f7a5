import { readFileSync, writeFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from "./a11y";
import { apiKeyFor, approvedTemplate, ORDER_BODY, signIn } from "./helpers";
import { shot } from "./shot";

// The new-campaign wizard end to end on the simulator. A 1,000-row CSV with invalid
// phones, duplicates and an opted-out number; dry-run totals and the rejects download checked
// against the file; a double-clicked Launch makes one promotion whose E4 stats reach every
// valid recipient. Screenshots of every step at 390 and 1280 px go to /tmp/w-wizard-*.png.

const SHOTS = "/tmp/w-wizard";
const VALID = 969;
const INVALID = ["12345", "abc", "", "+99 1", "0000"];
const DUPLICATES = 11;

/** 969 distinct valid numbers, 20 invalid phones, 11 repeats of the first numbers: 1,000 rows. */
function buildCsv(): { csv: string; first: { phone: string; name: string }; optedOut: string } {
  const rows = ["phone,name,order"];
  const numbers = Array.from({ length: VALID }, (_, i) => `91987651${String(1000 + i).padStart(4, "0")}`);
  numbers.forEach((p, i) => rows.push(`${p},Person ${i + 1},O-${i + 1}`));
  for (let i = 0; i < 20; i++) rows.push(`${INVALID[i % INVALID.length]},Bad ${i + 1},X`);
  for (let i = 0; i < DUPLICATES; i++) rows.push(`${numbers[i]},Again ${i + 1},Y`);
  return {
    csv: `${rows.join("\n")}\n`,
    first: { phone: numbers[0]!, name: "Person 1" },
    optedOut: numbers[500]!,
  };
}

async function shoot(page: Page, step: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await shot(page, `${SHOTS}-${step}-${width}.png`);
    await expectNoHorizontalScroll(page, `wizard ${step} at ${width}px`, { soft: true });
    await expectNoSeriousA11yViolations(page, `wizard ${step} at ${width}px`, { soft: true });
  }
}

/** An APPROVED MARKETING chatapp template with two body variables (the simulator approves it). */
async function wizardTemplate(request: APIRequestContext, businessId: string, key: string) {
  const body = { ...ORDER_BODY, text: "Hello {{1}}, your order {{2}} is ready." };
  const { name } = await approvedTemplate(request, businessId, key, {
    prefix: "wizard",
    components: [body],
    category: "MARKETING",
  });
  return name;
}

async function chooseTemplate(page: Page, name: string) {
  await page.getByLabel("Search templates").fill(name);
  await page.getByRole("radio", { name: new RegExp(name) }).check();
  await page.getByLabel("Body {{1}}: column").selectOption("name");
  await page.getByLabel("Body {{2}}: value from").selectOption("text");
  await page.getByLabel("Body {{2}}: text").fill("ready-made");
}

test("the wizard: CSV, dry run, rejects, variables, preview, one launch, all valid recipients sent", async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  await signIn(page, E2E_ADMIN);
  const { businessId, key } = await apiKeyFor(page);
  const headers = { "x-api-key": key };
  const template = await wizardTemplate(request, businessId, key);
  const { csv, first, optedOut } = buildCsv();
  const optOut = await request.post(`/api/v3/optouts/${businessId}`, {
    headers,
    data: { phones: [optedOut] },
  });
  expect(optOut.status(), await optOut.text()).toBe(200);
  const listName = `wizard-${Date.now().toString(36)}`;
  const file = `/tmp/${listName}.csv`;
  writeFileSync(file, csv);

  await page.goto("/campaigns/new");
  await expect(page.getByRole("heading", { name: "1. Audience" })).toBeVisible();
  const campaign = `Wizard ${listName}`;
  await page.getByLabel("Campaign name").fill(campaign);
  await page.getByTestId("csv-file").setInputFiles(file);
  await expect(page.getByTestId("rows-preview")).toContainText(first.phone);
  await expect(page.getByLabel("Save the recipients as the list")).toHaveValue(listName);
  await shoot(page, "1-audience");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "2. Columns and dry run" })).toBeFocused();
  await expect(page.getByLabel("Phone column")).toHaveValue("phone");
  await page.getByTestId("dry-run").click();
  const totals = page.getByTestId("dry-run-totals");
  await expect(totals).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("total-rows")).toHaveText("1,000");
  await expect(page.getByTestId("total-valid")).toHaveText(VALID.toLocaleString("en-US"));
  await expect(page.getByTestId("total-invalid")).toHaveText("20");
  await expect(page.getByTestId("total-duplicates")).toHaveText(String(DUPLICATES));
  await expect(page.getByTestId("total-opted")).toHaveText("1");
  await expect(page.getByTestId("total-sendable")).toHaveText((VALID - 1).toLocaleString("en-US"));
  await shoot(page, "2-dry-run");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /Download the 31 rejected rows/ }).click(),
  ]);
  const rejects = readFileSync((await download.path())!, "utf8")
    .trim()
    .split("\r\n");
  expect(rejects[0]).toBe("row,phone,reason");
  expect(rejects).toHaveLength(1 + 20 + DUPLICATES);
  expect(rejects.filter((l) => l.endsWith(",duplicate phone"))).toHaveLength(DUPLICATES);
  expect(rejects[1]).toMatch(new RegExp(`^${VALID + 1},12345,invalid phone`));
  expect(rejects.at(-1)).toBe(`1000,${first.phone.replace(/1000$/, "1010")},duplicate phone`);
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "3. Message" })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Choose an approved template", { exact: true })).toBeVisible();
  await chooseTemplate(page, template);
  await expect(page.getByTestId("preview-body")).toHaveText(
    `Hello ${first.name}, your order ready-made is ready.`,
  );
  await shoot(page, "3-message");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "4. Delivery" })).toBeVisible();
  await expect(page.getByTestId("duration-estimate")).toContainText(
    `${(VALID - 1).toLocaleString("en-US")} recipients`,
  );
  // The step shows the choice the review will state ("Now").
  await expect(page.getByRole("radio", { name: "Send now" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Schedule", exact: true })).not.toBeChecked();
  // Clicks are tracked unless turned off; the attribution window is asked in days (E1: hours).
  await expect(page.getByRole("switch", { name: "Track link clicks" })).toBeChecked();
  await expect(page.getByLabel("Attribution window (days)")).toHaveValue("7");
  await page.getByLabel("Attribution window (days)").fill("0");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("At least 1 day")).toBeVisible();
  await page.getByLabel("Attribution window (days)").fill("3");
  await shoot(page, "4-delivery");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByTestId("launch-summary")).toContainText(campaign);
  await expect(page.getByTestId("launch-summary")).toContainText("Now");
  await expect(page.getByTestId("launch-summary")).toContainText("3 days");
  await shoot(page, "5-review");
  await page.getByTestId("launch").dblclick();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const promotionId = page.url().split("/").pop()!;

  const listed = (await (
    await request.get(`/api/v2/promotion/${businessId}?size=100`, { headers })
  ).json()) as {
    promotions: { promotionId: string; name: string; attributionWindow: number }[];
  };
  const mine = listed.promotions.filter((p) => p.name === campaign);
  expect(mine.map((p) => p.promotionId)).toEqual([promotionId]);
  expect(mine[0]!.attributionWindow).toBe(72);
  const clicks = await request.get(`/api/v3/promotion/${businessId}/${promotionId}/clicks`, { headers });
  expect((await clicks.json()).trackClicks).toBe(true);

  const stats = async () =>
    (await (
      await request.get(`/api/v2/promotion/${businessId}/${promotionId}/stats`, { headers })
    ).json()) as Record<string, number>;
  await expect
    .poll(
      async () => {
        const s = await stats();
        return s.sent! + s.delivered! + s.read!;
      },
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBe(VALID - 1);
  const s = await stats();
  expect(s.attempted).toBe(VALID - 1);
  expect(s.optout).toBe(1);
});

test("a scheduled launch on an existing list lands as Scheduled", async ({ page, request }) => {
  test.setTimeout(240_000);
  await signIn(page, E2E_ADMIN);
  const { businessId, key } = await apiKeyFor(page);
  const headers = { "x-api-key": key };
  const template = await wizardTemplate(request, businessId, key);
  const listName = `later-${Date.now().toString(36)}`;
  const up = await request.post(`/api/v2/promotion/${businessId}/list?name=${listName}`, {
    headers,
    multipart: {
      file: {
        name: "l.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("phone,name\n919876520001,Asha\n919876520002,Ravi\n"),
      },
    },
  });
  expect(up.status(), await up.text()).toBe(200);

  await page.goto("/campaigns/new");
  const campaign = `Later ${listName}`;
  await page.getByLabel("Campaign name").fill(campaign);
  await page.getByLabel("A list uploaded before").check();
  await page.getByRole("combobox", { name: "List", exact: true }).selectOption(listName);
  await page.getByRole("button", { name: "Show the list" }).click();
  await expect(page.getByTestId("rows-preview")).toContainText("Asha");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("total-valid")).toHaveText("2");
  await page.getByRole("button", { name: "Next" }).click();
  await chooseTemplate(page, template);
  await expect(page.getByTestId("preview-body")).toHaveText("Hello Asha, your order ready-made is ready.");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("radio", { name: "Schedule", exact: true }).check();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel(/^Send at/).fill(`${tomorrow}T09:30`);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Schedule campaign" }).click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const promotionId = page.url().split("/").pop()!;
  const record = (await (
    await request.get(`/api/v2/promotion/${businessId}?size=100`, { headers })
  ).json()) as { promotions: { promotionId: string; status: string }[] };
  expect(record.promotions.find((p) => p.promotionId === promotionId)?.status).toBe("Scheduled");

  // "Duplicate as new": the list, template and variable mapping come back.
  await page.goto(`/campaigns/new?from=${promotionId}`);
  await expect(page.getByLabel("Campaign name")).toHaveValue(`${campaign} (copy)`);
  await expect(page.getByTestId("rows-preview")).toContainText("Asha");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("radio", { name: new RegExp(template) })).toBeChecked();
  await expect(page.getByLabel("Body {{1}}: column")).toHaveValue("name");
  await expect(page.getByLabel("Body {{2}}: text")).toHaveValue("ready-made");
  await expect(page.getByTestId("preview-body")).toHaveText("Hello Asha, your order ready-made is ready.");
});

test("profiles as the audience: filtered by city and age into a list, its rows shown", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN);
  const { key } = await apiKeyFor(page);
  const city = `Wizardtown ${Date.now().toString(36)}`;
  const uploaded = await request.post(`/api/v3/profile/upload`, {
    headers: { "x-api-key": key },
    data: {
      profile: [
        { phone: "919876530001", countrycode: "IN", name: "Young", age: 20, city },
        { phone: "919876530002", countrycode: "IN", name: "Older", age: 45, city },
        { phone: "919876530003", countrycode: "IN", name: "Elsewhere", age: 45, city: "Pune" },
      ],
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);

  await page.goto("/campaigns/new");
  await page.getByLabel("Campaign name").fill("Profiles campaign");
  await page.getByRole("radio", { name: "Your profiles" }).check();
  await page.getByLabel("City").fill(city);
  await page.getByLabel("Age from").fill("30");
  await page.getByLabel("Save the recipients as the list").fill(`profiles-${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "Build the list from profiles" }).click();
  await expect(page.getByTestId("audience-summary")).toContainText("1 recipient,");
  await expect(page.getByTestId("rows-preview")).toContainText("Older");
  await expect(page.getByTestId("rows-preview")).not.toContainText("Young");
  await shoot(page, "1-profiles");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("total-valid")).toHaveText("1");
});
