import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { signIn } from "./helpers";

test("a business admin changes the default country under Settings, and the page fits a phone", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN);
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  const country = page.getByLabel("Default country");
  // The demo business reads national numbers as Indian (the vendor's samples are Indian).
  await expect(country).toHaveValue("IN");

  await country.selectOption({ label: "United States (+1)" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Default country: US")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Default country")).toHaveValue("US");

  // Back to India, so the other specs see the demo business as it was.
  await page.getByLabel("Default country").selectOption("IN");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Default country: IN")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  await page.reload();
  await expect(page.getByLabel("Default country")).toHaveValue("IN");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
