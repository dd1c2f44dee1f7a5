import { expect, test } from "@playwright/test";
import { E2E_OPERATOR } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { createBusiness, signIn } from "./helpers";

// Disabling a business or a channel asks first and says what stops;
// enabling happens at once.

test("disabling a business asks first and says what stops; Cancel changes nothing", async ({ page }) => {
  await signIn(page, E2E_OPERATOR);
  const { name, row } = await createBusiness(page, "E2E Confirm");
  const enabled = row.getByRole("switch", { name: `${name} enabled` });
  await expect(enabled).toBeChecked();

  await enabled.click();
  const dialog = page.getByRole("dialog", { name: `Disable ${name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("its API keys are refused (401)");
  await expect(dialog).toContainText("its users are signed out of the dashboard");
  await expect(dialog).toContainText("campaigns already running still go out");
  await checkAtBothWidths(page, "console-disable-business");

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(enabled).toBeChecked();
  await page.reload();
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: name })
      .getByRole("switch", { name: `${name} enabled` }),
  ).toBeChecked();

  await page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("switch", { name: `${name} enabled` })
    .click();
  await page
    .getByRole("dialog", { name: `Disable ${name}?` })
    .getByRole("button", { name: "Disable business" })
    .click();
  await expect(page.getByText(`${name} disabled`)).toBeVisible();
  await page.reload();
  const after = page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("switch", { name: `${name} enabled` });
  await expect(after).not.toBeChecked();

  // Enabling needs no confirmation.
  await after.click();
  await expect(page.getByRole("status").getByText(`${name} enabled`, { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(after).toBeChecked();
});

test("disabling a channel asks first and says what stops", async ({ page }) => {
  await signIn(page, E2E_OPERATOR);
  const { name, row } = await createBusiness(page, "E2E Channel");
  const chatapp = row.getByRole("switch", { name: `chatapp for ${name}` });
  await expect(chatapp).toBeChecked();

  await chatapp.click();
  const dialog = page.getByRole("dialog", { name: `Disable chatapp for ${name}?` });
  await expect(dialog).toContainText("new chatapp sends are refused");
  await expect(dialog).toContainText("running chatapp campaigns fail their remaining recipients");
  await checkAtBothWidths(page, "console-disable-channel");
  await dialog.getByRole("button", { name: "Disable chatapp" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("chatapp disabled")).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: name })
      .getByRole("switch", { name: `chatapp for ${name}` }),
  ).not.toBeChecked();
});
