import { expect, type Page } from "@playwright/test";

export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // "/" redirects to the role's home: wait for the shell of the final page.
  await expect(page.locator("main#main h1")).toBeVisible();
}
