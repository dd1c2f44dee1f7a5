import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { apiKeyFor, signIn } from "./helpers";
import { createAgent, runId } from "./people-helpers";

// An admin changes an agent's status from the Users page (G2 userStatus),
// and the only business admin turns calling on for itself.

/** The seeded demo admin's first name (lib/seed/seed-demo.ts). */
const ADMIN_FIRST_NAME = "Demo";

test("an admin changes an agent's status; the API reads the same status", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  const { key } = await apiKeyFor(page);
  const first = `Status${runId()}`;
  const agent = await createAgent(page.request, key, first);

  await page.goto("/users");
  // The search finds a user by e-mail (as its placeholder says) and by role label.
  const search = page.getByRole("searchbox", { name: "Search Users" });
  await search.fill("business admin");
  await expect(page.getByRole("row").filter({ hasText: E2E_ADMIN.email })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: agent.email })).toHaveCount(0);
  await search.fill(agent.email);
  await expect(page.getByRole("row").filter({ hasText: agent.email })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: E2E_ADMIN.email })).toHaveCount(0);
  const status = page.getByTestId(`status-${agent.email}`);
  await expect(status).toHaveText("Available");
  const change = page.getByRole("combobox", { name: `Change the status of ${agent.email}` });
  await checkAtBothWidths(page, "users-status");
  await change.selectOption("Away");
  await expect(page.getByText(`${agent.email} is Away`)).toBeVisible();
  await expect(status).toHaveText("Away");
  // The menu reads "Change" again, so the row never shows two statuses.
  await expect(change).toHaveValue("");

  const res = await page.request.get(
    `/api/v1/business/user/${agent.userId}/status?apikey=${key}&email=${encodeURIComponent(E2E_ADMIN.email)}`,
  );
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { userStatus: string }).userStatus).toBe("Away");

  await change.selectOption("Busy");
  await expect(status).toHaveText("Busy");

  // The admin's own row has no status menu (its own status is on the calls page).
  await page.getByRole("searchbox", { name: "Search Users" }).fill(ADMIN_FIRST_NAME);
  await expect(page.getByRole("row").filter({ hasText: E2E_ADMIN.email })).toBeVisible();
  const own = page.getByRole("combobox", { name: `Change the status of ${E2E_ADMIN.email}` });
  await expect(own).toHaveCount(0);
});

test("the only business admin adds its number and turns calling on for itself", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/users");
  await page.getByRole("searchbox", { name: "Search Users" }).fill(ADMIN_FIRST_NAME);
  const row = page.getByRole("row").filter({ hasText: E2E_ADMIN.email });
  await expect(row).toContainText("(you)");

  // Its own Edit: names and number only.
  await row.getByRole("button", { name: `Edit ${E2E_ADMIN.email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${E2E_ADMIN.email}` });
  await expect(dialog.getByLabel("Role")).toHaveCount(0);
  await dialog.getByLabel("Phone number").fill("+919800011223");
  await checkAtBothWidths(page, "users-edit-self");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  const calling = row.getByRole("switch", { name: `Calling for ${E2E_ADMIN.email}` });
  await expect(calling).toBeEnabled();
  const wasOn = await calling.isChecked();
  if (wasOn) {
    await calling.click();
    await expect(page.getByText("Calling disabled")).toBeVisible();
  }
  await calling.click();
  await expect(page.getByText("Calling enabled")).toBeVisible();
  await page.reload();
  await page.getByRole("searchbox", { name: "Search Users" }).fill(ADMIN_FIRST_NAME);
  const again = page
    .getByRole("row")
    .filter({ hasText: E2E_ADMIN.email })
    .getByRole("switch", { name: `Calling for ${E2E_ADMIN.email}` });
  await expect(again).toBeChecked();
  // Leave it as other specs found it.
  if (!wasOn) {
    await again.click();
    await expect(again).not.toBeChecked();
  }
});
