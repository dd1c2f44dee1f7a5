import { expect, test } from "@playwright/test";
import { E2E_OPERATOR } from "../accounts";
import { signIn } from "./helpers";

test("an operator creates a business and enables a channel", async ({ page }) => {
  await signIn(page, E2E_OPERATOR);
  await expect(page).toHaveURL(/\/console\/businesses$/);
  await expect(page.getByRole("heading", { name: "Businesses", level: 1 })).toBeVisible();

  const name = `E2E Retail ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "Create business" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create business" });
  await dialog.getByLabel("Name").fill(name);
  const zone = dialog.getByLabel("Time zone");
  await expect(zone).toHaveValue("UTC");
  await zone.selectOption("Asia/Tokyo");
  // Start with RCS off, so the test can switch it on.
  await dialog.getByRole("switch", { name: "RCS" }).uncheck();
  await dialog.getByRole("button", { name: "Create business" }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  const rcs = row.getByRole("switch", { name: `RCS for ${name}` });
  await expect(rcs).not.toBeChecked();
  await expect(row.getByRole("switch", { name: `chatapp for ${name}` })).toBeChecked();

  await rcs.check();
  await expect(page.getByText("RCS enabled")).toBeVisible();

  // It is stored, not just flipped in the browser.
  await page.reload();
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: name })
      .getByRole("switch", { name: `RCS for ${name}` }),
  ).toBeChecked();
});

test("the operator's search filters the businesses table", async ({ page }) => {
  await signIn(page, E2E_OPERATOR);
  await page.getByRole("searchbox", { name: "Search Businesses" }).fill("Demo Business");
  await expect(page.getByRole("row").filter({ hasText: "Demo Business" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search Businesses" }).fill("no such business at all");
  await expect(page.getByText("No businesses match")).toBeVisible();
});
