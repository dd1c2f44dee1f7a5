import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { signIn, signInWithForm } from "./helpers";

// The shell at phone width (the menu closes after use), the account menu, the 404
// page and the favicon.

test("at 390 px the menu closes after choosing a page, on a tap outside and on Escape", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E_ADMIN);
  const button = page.getByRole("button", { name: "Menu", exact: true });
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();

  // Choosing a page: the new page is not hidden under the menu.
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await nav.getByRole("link", { name: "Messages", exact: true }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  await expect(nav).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");

  // Choosing the page already shown closes it too.
  await button.click();
  await nav.getByRole("link", { name: "Messages", exact: true }).click();
  await expect(nav).toBeHidden();

  // Escape: closed, and the keyboard user is back on the button.
  await button.click();
  await expect(nav).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(button).toBeFocused();

  // A tap outside.
  await button.click();
  await expect(nav).toBeVisible();
  // Beside the open panel (it is 16 rem wide from the left edge).
  await page.mouse.click(370, 700);
  await expect(nav).toBeHidden();
});

test("the account menu names the user, leads to Change password and signs out", async ({ page }) => {
  // A session of its own: signing out ends it on the server, and the run's saved admin
  // session (signIn) must go on for the other specs.
  await signInWithForm(page, E2E_ADMIN);
  await page.goto("/messages");
  const button = page.getByRole("button", { name: /account menu/ });
  await expect(button).toHaveAttribute("aria-haspopup", "menu");

  // Keyboard: Enter opens with focus on the first item, arrows move, Escape closes back to the button.
  await button.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(page.getByText(E2E_ADMIN.email, { exact: true })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Change password" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Sign out" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Change password" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // Change password is one click away, with a way back.
  await button.click();
  await menu.getByRole("menuitem", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/account\/password$/);
  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Switchboard" }).click();
  await expect(page.locator("main#main h1")).toBeVisible();

  // A click outside closes it.
  await button.click();
  await expect(menu).toBeVisible();
  await page.locator("main#main h1").click();
  await expect(menu).toBeHidden();

  // Sign out ends the session on the server: even the old cookie, put back (as a response in
  // flight at sign-out may do, or a copy of it), opens nothing.
  const session = (await page.context().cookies()).filter((c) => c.name.includes("session-token"));
  expect(session).toHaveLength(1);
  await button.click();
  await menu.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/messages");
  await expect(page).toHaveURL(/\/login/);
  await page.context().addCookies(session);
  const res = await page.goto("/messages");
  await expect(page).toHaveURL(/\/login/);
  expect(res?.status()).toBe(200);
});

test("an unknown address shows the branded 404 with a way back; the favicon is served", async ({
  page,
  request,
}) => {
  await signIn(page, E2E_ADMIN);
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Back to Switchboard" }).click();
  await expect(page.locator("main#main h1")).toBeVisible();

  // A message id of no message of this business: the 404 inside the shell.
  await page.goto("/messages/0193b6f2-8c1a-7cde-9f00-1234567890ab");
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: /account menu/ })).toBeVisible();

  const icon = await request.get("/icon.svg");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});
