import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { launchPromotion, promotionTemplate } from "./campaign-page-helpers";
import { apiKeyFor, openProfileImport, signIn } from "./helpers";
import { customerWrites } from "./inbox-helpers";

// The audiences story end to end (docs/audiences.md): an admin defines two attributes and a
// tag, imports a CSV mapping columns to them, builds a segment (attribute + tag ANY + "read a
// campaign in the last 30 days") and sees its live count, launches a campaign to it from the
// wizard; the campaign page, E3 and E4 agree with the count; a customer replies STOP and the
// subscriber's consent history shows the opt-out with its source and wording.

/** Defines an attribute on the Tags and attributes page (its dialog). */
async function defineAttribute(
  page: Page,
  a: { label: string; key: string; type: string; choices?: string },
) {
  await page.getByRole("button", { name: "New attribute" }).click();
  const dialog = page.getByRole("dialog", { name: "New attribute" });
  await dialog.getByLabel("Label").fill(a.label);
  await dialog.getByLabel("Key").fill(a.key);
  await dialog.getByLabel("Type").selectOption(a.type);
  if (a.choices) await dialog.getByLabel("Choices").fill(a.choices);
  await dialog.getByRole("button", { name: "Create attribute" }).click();
  await expect(dialog).toBeHidden();
}

test("audiences: attributes and a tag, a mapped CSV import, a segment's live count, a wizard launch on it, and a STOP in the ledger", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36);
  await signIn(page, E2E_ADMIN);
  const creds = await apiKeyFor(page);
  const headers = { "x-api-key": creds.key };
  const plan = { label: `Plan ${suffix}`, key: `plan_${suffix}` };
  const spend = { label: `Spend ${suffix}`, key: `spend_${suffix}` };
  const vip = `VIP ${suffix}`;

  // 1. Two attributes and a tag, on the dashboard.
  await page.goto("/profiles/fields");
  await defineAttribute(page, { ...plan, type: "choice", choices: "Gold\nSilver" });
  await defineAttribute(page, { ...spend, type: "number" });
  await page.getByRole("button", { name: "New tag" }).click();
  const newTag = page.getByRole("dialog", { name: "New tag" });
  await newTag.getByLabel("Name").fill(vip);
  await newTag.getByRole("button", { name: "Create tag" }).click();
  await expect(newTag).toBeHidden();
  await expect(page.getByRole("table", { name: "Attributes" })).toContainText(plan.key);
  await expect(page.getByRole("table", { name: "Tags" })).toContainText(vip);

  // 2. A CSV whose columns map to them. Numbers ending 0002 are delivered and never read by the
  // simulator; the others are read (docs/simulator.md).
  const run = String(Date.now() % 10_000).padStart(4, "0");
  const phone = (i: number, tail = "0001") => `919${run}${i}${tail}`;
  const rows = [
    { phone: phone(0), name: "Asha", plan: "Gold", spend: 120, tags: vip }, // matches
    { phone: phone(1), name: "Bala", plan: "Gold", spend: 80, tags: vip }, // matches
    { phone: phone(2, "0002"), name: "Chitra", plan: "Gold", spend: 60, tags: vip }, // never read
    { phone: phone(3), name: "Dev", plan: "Silver", spend: 40, tags: vip }, // Silver
    { phone: phone(4), name: "Esha", plan: "Gold", spend: 30, tags: "" }, // no tag
    { phone: phone(5), name: "Farid", plan: "Gold", spend: 10, tags: vip }, // matches
  ];
  const dir = mkdtempSync(path.join(tmpdir(), "audiences-story-"));
  const file = path.join(dir, "customers.csv");
  writeFileSync(
    file,
    [
      `phone,name,${plan.label},${spend.label},tags`,
      ...rows.map((r) => [r.phone, r.name, r.plan, r.spend, r.tags].join(",")),
    ].join("\n"),
  );
  try {
    await page.goto("/profiles");
    const dialog = await openProfileImport(page, file);
    await expect(dialog.getByRole("combobox", { name: `Attribute: ${plan.label}` })).toHaveValue(plan.label);
    await expect(dialog.getByRole("combobox", { name: `Attribute: ${spend.label}` })).toHaveValue(
      spend.label,
    );
    await expect(dialog.getByRole("combobox", { name: "Tags column" })).toHaveValue("tags");
    await dialog.getByRole("textbox", { name: "Default country code" }).fill("IN");
    await dialog.getByRole("button", { name: /^Import/ }).click();
    await expect(dialog.getByTestId("import-summary")).toHaveText("6 uploaded, 0 rejected of 6 rows.");
    await dialog.getByRole("button", { name: "Done" }).click();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // An earlier campaign to all six: read by all but the 0002 number.
  const tpl = await promotionTemplate(page.request, creds);
  const earlierCsv = `phone,name,order\n${rows.map((r, i) => `${r.phone},${r.name},O-${i}`).join("\n")}\n`;
  const earlier = await launchPromotion(page.request, creds, tpl, earlierCsv);
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get(`/api/v2/promotion/${creds.businessId}/${earlier}/stats`, { headers })
          ).json()) as {
            read: number;
          }
        ).read,
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe(5);

  // 3. The segment: Plan is Gold, tagged VIP (any of), read a campaign in the last 30 days.
  await page.goto("/profiles/segments/new");
  const segmentName = `Gold VIP readers ${suffix}`;
  await page.getByLabel("Name").fill(segmentName);
  const c1 = "condition 1 of group 1";
  await page.getByLabel(`Kind, ${c1}`).selectOption("attribute");
  await page.getByLabel(`Attribute, ${c1}`).selectOption({ label: plan.label });
  await page
    .getByRole("group", { name: `Values, ${c1}` })
    .getByLabel("Gold")
    .check();
  const count = page.getByTestId("segment-count");
  await expect(count).toHaveText("5 subscribers match");
  await page.getByRole("button", { name: "Add condition to group 1" }).click();
  const c2 = "condition 2 of group 1";
  await page.getByLabel(`Kind, ${c2}`).selectOption("tags");
  await expect(page.getByLabel(`Tag rule, ${c2}`)).toHaveValue("any_of");
  await page
    .getByRole("group", { name: `Tags, ${c2}` })
    .getByLabel(vip)
    .check();
  await expect(count).toHaveText("4 subscribers match");
  await page.getByRole("button", { name: "Add condition to group 1" }).click();
  const c3 = "condition 3 of group 1";
  await page.getByLabel(`Kind, ${c3}`).selectOption("activity");
  await page.getByLabel(`Did or did not, ${c3}`).selectOption("did");
  await page.getByLabel(`Event, ${c3}`).selectOption("read");
  await page.getByLabel(`Within the last N days (empty: ever), ${c3}`).fill("30");
  await expect(count).toHaveText("3 subscribers match");
  await checkAtBothWidths(page, "audiences-story-segment");
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: segmentName })).toBeVisible();

  // 4. The wizard launches on it: the count it shows is what the campaign page, E3 and E4 carry.
  await page.goto("/campaigns/new");
  await page.getByLabel("Campaign name").fill(`Story ${suffix}`);
  await page.getByLabel("A segment").check();
  await page.getByRole("combobox", { name: "Segment" }).selectOption({ label: segmentName });
  await expect(page.getByTestId("audience-count")).toHaveText(
    "3 recipients match now (0 of them opted out).",
  );
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("total-subscribers")).toHaveText("3");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Search templates").fill(tpl.name);
  await page.getByRole("radio", { name: new RegExp(tpl.name) }).check();
  await page.getByLabel("Body {{1}}: column").selectOption("name");
  await page.getByLabel("Body {{2}}: value from").selectOption("text");
  await page.getByLabel("Body {{2}}: text").fill("S-1");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("dry-rows")).toHaveText("3");
  await expect(page.getByTestId("dry-send")).toHaveText("3");
  await page.getByTestId("launch").click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const id = page.url().split("/").pop()!;
  await expect(page.getByTestId("audience-rows")).toHaveText("3");
  await expect(page.getByTestId("audience-send")).toHaveText("3");
  await checkAtBothWidths(page, "audiences-story-campaign");
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get(`/api/v2/promotion/${creds.businessId}/${id}/stats`, { headers })
          ).json()) as {
            attempted: number;
          }
        ).attempted,
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe(3);
  const report = await page.request.get(`/api/v2/promotion/${creds.businessId}/statistics/${id}/report`, {
    headers,
  });
  expect(report.status()).toBe(200);
  const e3 = (await report.text()).trim().split("\r\n").slice(1);
  expect(e3.map((l) => l.split(",")[1]).sort()).toEqual(
    [rows[0]!.phone, rows[1]!.phone, rows[5]!.phone].sort(),
  );

  // 5. A customer replies STOP: the ledger shows the opt-out, its source and the words sent.
  await customerWrites(page, rows[0]!.phone, "STOP");
  await page.goto(`/profiles/${rows[0]!.phone}`);
  const history = page.getByRole("table", { name: "Consent history" });
  await expect(history).toContainText("Keyword (customer's message)");
  await expect(history).toContainText("STOP");
  await checkAtBothWidths(page, "audiences-story-ledger");
});
