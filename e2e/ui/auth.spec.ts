import { expect, test } from "@playwright/test";
import { E2E_ADMIN, E2E_OPERATOR } from "../accounts";
import { signIn, signInWithForm } from "./helpers";

test("the right password signs the admin in: their home page, their account, a session that survives a reload", async ({
  page,
}) => {
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  // The session is the admin's, not merely "some page that is not /login".
  const session = (await (await page.request.get("/api/auth/session")).json()) as {
    user?: { email?: string };
  };
  expect(session.user?.email).toBe(E2E_ADMIN.email);
  await page.getByRole("button", { name: /account menu/ }).click();
  await expect(page.getByText(E2E_ADMIN.email, { exact: true })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto("/templates");
  await expect(page.getByRole("heading", { level: 1, name: "Templates" })).toBeVisible();
});

test("signed-out visitors are sent to sign-in", async ({ page }) => {
  await page.goto("/api-keys");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("a wrong password shows an inline error and keeps the user on sign-in", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "do not match an active account" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("the form validates before it submits", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByRole("button", { name: "Sign in" }).click();
  const email = page.getByLabel("E-mail");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
});

test("a business admin cannot open the operator console", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await expect(page.getByRole("navigation", { name: "Main" }).first()).not.toContainText("Businesses");
  await page.goto("/console/businesses");
  await expect(page).not.toHaveURL(/\/console/);
  await expect(page.getByRole("heading", { name: "Businesses" })).toHaveCount(0);
});

test("the admin's navigation has a place for every area", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  const nav = page.getByRole("complementary", { name: "Sidebar" });
  for (const area of [
    "Templates",
    "Messages",
    "Campaigns",
    "Profiles",
    "Users & Teams",
    "Calls",
    "Callbacks",
    "API keys",
    "API reference",
  ]) {
    await expect(nav.getByRole("link", { name: area, exact: true })).toBeVisible();
  }
});

test("signing in through the form, then signing out, ends the session", async ({ page }) => {
  await signInWithForm(page, E2E_OPERATOR);
  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/console/businesses");
  await expect(page).toHaveURL(/\/login$/);
});
