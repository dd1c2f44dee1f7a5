import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { signIn } from "./helpers";

test("a business admin creates an API key, sees it once, and revokes it", async ({ page, request }) => {
  await signIn(page, E2E_ADMIN);
  await page.getByRole("link", { name: "API keys", exact: true }).click();
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  const businessId = (await page.getByTestId("business-id").textContent())!.trim();

  const keyName = `e2e ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "Create API key" }).first().click();
  const createDialog = page.getByRole("dialog", { name: "Create API key" });
  await createDialog.getByLabel("Name").fill(keyName);
  await createDialog.getByRole("button", { name: "Create key" }).click();

  const shown = page.getByRole("dialog", { name: "Copy your new API key" });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText("only time the full key is shown");
  const key = (await shown.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^sb_live_[A-Za-z0-9]{32}$/);

  // The key works (black-box HTTP, all three schemes).
  const url = `/api/v3/business/${businessId}/channels`;
  expect((await request.get(url, { headers: { "x-api-key": key } })).status()).toBe(200);
  expect((await request.get(url, { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200);
  expect((await request.get(`${url}?apikey=${key}`)).status()).toBe(200);

  await shown.getByRole("button", { name: "I have stored the key" }).click();
  await expect(shown).toBeHidden();

  // Once closed, the full key is nowhere on the page; the list shows only its prefix.
  const row = page.getByRole("row").filter({ hasText: keyName });
  await expect(row).toBeVisible();
  await expect(row).toContainText(key.slice(0, 14));
  expect(await page.content()).not.toContain(key);
  await page.reload();
  expect(await page.content()).not.toContain(key);

  await page
    .getByRole("row")
    .filter({ hasText: keyName })
    .getByRole("button", { name: /Revoke/ })
    .click();
  const confirm = page.getByRole("dialog", { name: `Revoke “${keyName}”?` });
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: keyName })).toContainText("Revoked");

  const after = await request.get(url, { headers: { "x-api-key": key } });
  expect(after.status()).toBe(401);
  const body = await after.json();
  expect(body.error.code).toBe("unauthorized");
});

test("creating a key without a name shows the field error", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/api-keys");
  await page.getByRole("button", { name: "Create API key" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create API key" });
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Give the key a name")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
