import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { apiKeyFor, openProfileImport, signIn } from "./helpers";

test("a CSV import maps columns to an attribute and to tags, with each refused row's reason", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  await signIn(page, E2E_ADMIN);
  const { businessId, key } = await apiKeyFor(page);
  const tier = `tier_${suffix}`;
  const created = await page.request.post(`/api/v3/audiences/${businessId}/attributes`, {
    headers: { "x-api-key": key },
    data: { key: tier, label: `Tier ${suffix}`, type: "choice", choices: ["Gold", "Silver"] },
  });
  expect(created.status()).toBe(201);
  const base = 9176000000 + (Date.now() % 1_000_000) * 3;
  const phones = [0, 1, 2].map((i) => String(base + i));
  const dir = mkdtempSync(path.join(tmpdir(), "import-audiences-"));
  const file = path.join(dir, "fair.csv");
  writeFileSync(
    file,
    [
      `phone,name,Tier ${suffix},tags`,
      `${phones[0]},Asha,gold,VIP ${suffix}; Pune ${suffix}`,
      `${phones[1]},Ravi,Platinum,VIP ${suffix}`,
      `${phones[2]},Meera,,`,
    ].join("\n"),
  );
  try {
    await page.goto("/profiles");
    const dialog = await openProfileImport(page, file);
    // The attribute's column is found by its label, the tags column by its header.
    await expect(dialog.getByRole("combobox", { name: `Attribute: Tier ${suffix}` })).toHaveValue(
      `Tier ${suffix}`,
    );
    await expect(dialog.getByRole("combobox", { name: "Tags column" })).toHaveValue("tags");
    await dialog.getByRole("textbox", { name: "Default country code" }).fill("IN");
    await dialog.getByLabel("Tag every imported subscriber").fill(`Fair ${suffix}`);
    const preview = dialog.getByRole("table", { name: "Preview of the first rows" });
    await expect(preview.getByRole("row").nth(1)).toContainText(
      `VIP ${suffix}, Pune ${suffix}, Fair ${suffix}`,
    );
    await expect(preview.getByRole("row").nth(1)).toContainText(`${tier}: gold`);
    await dialog.getByRole("button", { name: /^Import/ }).click();
    await expect(dialog.getByTestId("import-summary")).toHaveText("2 uploaded, 1 rejected of 3 rows.");
    const rejected = dialog.getByRole("table", { name: "Rejected rows" }).locator("tbody tr");
    await expect(rejected).toHaveCount(1);
    await expect(rejected.first()).toContainText("3");
    await expect(rejected.first()).toContainText(`Attribute ${tier}: Must be one of: Gold, Silver`);
    await dialog.getByRole("button", { name: "Done" }).click();

    const subscriber = await page.request.get(`/api/v3/audiences/${businessId}/subscribers/${phones[0]}`, {
      headers: { "x-api-key": key },
    });
    const body = await subscriber.json();
    expect(body.attributes).toEqual({ [tier]: "Gold" });
    expect(body.tags.map((t: { name: string }) => t.name).sort()).toEqual(
      [`Fair ${suffix}`, `Pune ${suffix}`, `VIP ${suffix}`].sort(),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
