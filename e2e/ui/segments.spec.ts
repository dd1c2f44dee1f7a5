import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { apiKeyFor, signIn } from "./helpers";

/** An attribute, a tag and three subscribers of the demo business, made through the API. */
async function seedAudience(page: Page, suffix: string) {
  const { businessId, key } = await apiKeyFor(page);
  const headers = { "x-api-key": key };
  const audiences = `/api/v3/audiences/${businessId}`;
  const tier = `tier_${suffix}`;
  const vip = `VIP ${suffix}`;
  const attr = await page.request.post(`${audiences}/attributes`, {
    headers,
    data: { key: tier, label: `Tier ${suffix}`, type: "choice", choices: ["Gold", "Silver"] },
  });
  expect(attr.status(), await attr.text()).toBe(201);
  const base = String(Date.now()).slice(-7);
  const phones = [1, 2, 3].map((i) => `9197${i}${base}`);
  const f1 = await page.request.post("/api/v3/profile/upload", {
    headers,
    data: {
      profile: [
        {
          phone: phones[0],
          countrycode: "IN",
          name: "Asha Gold VIP",
          tags: [vip],
          attributes: { [tier]: "Gold" },
        },
        { phone: phones[1], countrycode: "IN", name: "Bala Gold", attributes: { [tier]: "Gold" } },
        {
          phone: phones[2],
          countrycode: "IN",
          name: "Chitra Silver VIP",
          tags: [vip],
          attributes: { [tier]: "Silver" },
        },
      ],
    },
  });
  expect(f1.status(), await f1.text()).toBe(200);
  return { phones, tierLabel: `Tier ${suffix}`, vip };
}

test("segments: build with an attribute and a tag condition, live count, save, reopen, delete", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  await signIn(page, E2E_ADMIN);
  const s = await seedAudience(page, suffix);
  const name = `Gold VIPs ${suffix}`;

  await page.goto("/profiles");
  await page.getByRole("link", { name: "Segments", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Segments" })).toBeVisible();
  await page.getByRole("link", { name: "New segment" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "New segment" })).toBeVisible();

  await page.getByLabel("Name").fill(name);
  const first = "condition 1 of group 1";
  await page.getByLabel(`Kind, ${first}`).selectOption("attribute");
  await page.getByLabel(`Attribute, ${first}`).selectOption({ label: s.tierLabel });
  await expect(page.getByLabel(`Operator, ${first}`)).toHaveValue("any_of");
  // Nothing picked yet: the server's rule lands on the values, and nothing is counted.
  await expect(page.getByText("Cannot count yet: fix the conditions marked in red.")).toBeVisible();
  await expect(page.getByText("'any_of' needs a value")).toBeVisible();
  await page
    .getByRole("group", { name: `Values, ${first}` })
    .getByLabel("Gold")
    .check();
  const count = page.getByTestId("segment-count");
  await expect(count).toHaveText("2 subscribers match");
  await expect(page.getByText("'any_of' needs a value")).toHaveCount(0);
  const sample = page.getByRole("list", { name: "Sample of matching subscribers" });
  await expect(sample.getByRole("link", { name: `+${s.phones[0]}` })).toHaveAttribute(
    "href",
    `/profiles/${s.phones[0]}`,
  );
  await expect(sample).toContainText("Bala Gold");

  // A second condition: the tag (any of). All of the group's conditions: one subscriber left.
  await page.getByRole("button", { name: "Add condition to group 1" }).click();
  const second = "condition 2 of group 1";
  await page.getByLabel(`Kind, ${second}`).selectOption("tags");
  await expect(page.getByLabel(`Tag rule, ${second}`)).toHaveValue("any_of");
  await page
    .getByRole("group", { name: `Tags, ${second}` })
    .getByLabel(s.vip)
    .check();
  await expect(count).toHaveText("1 subscriber matches");
  // Any of the conditions: all three.
  await page.getByLabel("Conditions of group 1").selectOption("any");
  await expect(count).toHaveText("3 subscribers match");
  await page.getByLabel("Conditions of group 1").selectOption("all");
  await expect(count).toHaveText("1 subscriber matches");
  await checkAtBothWidths(page, "segments-builder");

  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/profiles\/segments\/[0-9a-f-]{36}$/);
  const url = page.url();

  // The list: the segment, its count on demand.
  await page.goto("/profiles/segments");
  const table = page.getByRole("table", { name: "Segments" });
  const row = table.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: `Count segment ${name}` }).click();
  await expect(row.getByRole("button", { name: `Count segment ${name}` })).toHaveCount(0);
  await expect(row.getByRole("cell").nth(1)).toContainText("1");
  await checkAtBothWidths(page, "segments-list");

  // Reopened: the conditions as saved, counted again.
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByLabel(`Kind, ${first}`)).toHaveValue("attribute");
  await expect(page.getByRole("group", { name: `Values, ${first}` }).getByLabel("Gold")).toBeChecked();
  await expect(page.getByRole("group", { name: `Tags, ${second}` }).getByLabel(s.vip)).toBeChecked();
  await expect(count).toHaveText("1 subscriber matches");

  // A renamed save stays on the page.
  await page.getByLabel("Name").fill(`${name} renamed`);
  await page.getByRole("button", { name: "Save segment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${name} renamed` })).toBeVisible();

  // Delete asks first, then the list no longer has it; its page is a 404.
  await page.getByRole("button", { name: "Delete segment" }).click();
  await page
    .getByRole("dialog", { name: `Delete the segment ${name} renamed?` })
    .getByRole("button", { name: "Delete segment" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Segments" })).toBeVisible();
  await expect(page.getByRole("link", { name: `${name} renamed` })).toHaveCount(0);
  expect((await page.goto(url))?.status()).toBe(404);
});
