import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { hydrated, signIn } from "./helpers";
import { apiKeyFor, createAgent, signInAgentFirstTime } from "./people-helpers";

test("an agent changes its temporary password, toggles its status, and the admin's views show it", async ({
  page,
  request,
  browser,
}) => {
  await signIn(page, E2E_ADMIN);
  const { key } = await apiKeyFor(page);
  const agent = await createAgent(request, key, "Toggle");

  // The admin sees the new agent, Available, on the agent board of the Calls page.
  await page.goto("/calls");
  const board = page.getByRole("list", { name: "Agent statuses" });
  const onBoard = board.getByTestId(`agent-status-${agent.email}`);
  await expect(onBoard).toHaveText("Available");

  const agentPage = await signInAgentFirstTime(browser, agent);
  try {
    await agentPage.goto("/calls");
    const myStatus = agentPage.getByTestId("my-status");
    await expect(myStatus).toHaveText("Available");
    const choices = agentPage.getByRole("radiogroup", { name: "Set my status" });
    await expect(choices.getByRole("radio", { name: "Available" })).toHaveAttribute("aria-checked", "true");

    await hydrated(choices.getByRole("radio", { name: "Busy" }));
    await choices.getByRole("radio", { name: "Busy" }).click();
    await expect(myStatus).toHaveText("Busy");
    await expect(choices.getByRole("radio", { name: "Busy" })).toHaveAttribute("aria-checked", "true");
    // The admin's board refreshes itself: no reload.
    await expect(onBoard).toHaveText("Busy");

    // Keyboard: arrow keys move within the radio group and select.
    await choices.getByRole("radio", { name: "Busy" }).focus();
    await agentPage.keyboard.press("ArrowRight");
    await expect(choices.getByRole("radio", { name: "Away" })).toBeFocused();
    await expect(myStatus).toHaveText("Away");
    await expect(onBoard).toHaveText("Away");

    // Users & Teams shows the same status.
    await page.goto("/users");
    await expect(page.getByTestId(`status-${agent.email}`)).toHaveText("Away");

    // Back to Available; the users table picks it up on its own refresh.
    await choices.getByRole("radio", { name: "Available" }).click();
    await expect(myStatus).toHaveText("Available");
    await expect(page.getByTestId(`status-${agent.email}`)).toHaveText("Available");

    // An agent has no users page: it is sent to its home.
    await agentPage.goto("/users");
    await expect(agentPage).toHaveURL(/\/inbox$/);
  } finally {
    await agentPage.context().close();
  }
});

test("disabling an agent sets it Disabled and blocks its sign-in; enabling restores Available", async ({
  page,
  request,
  browser,
}) => {
  await signIn(page, E2E_ADMIN);
  const { key } = await apiKeyFor(page);
  const agent = await createAgent(request, key, "Disable");

  await page.goto("/users");
  const row = page.getByRole("row").filter({ hasText: agent.email });
  await row.getByRole("button", { name: `Disable ${agent.email}` }).click();
  // Disabling signs the user out: the dialog says so before anything happens.
  const confirm = page.getByRole("dialog", { name: /^Disable Disable/ });
  await expect(confirm).toContainText("signed out of every browser");
  await expect(page.getByTestId(`status-${agent.email}`)).not.toHaveText("Disabled");
  await confirm.getByRole("button", { name: "Disable user" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId(`status-${agent.email}`)).toHaveText("Disabled");

  const context = await browser.newContext();
  const agentPage = await context.newPage();
  try {
    await agentPage.goto("/login");
    await agentPage.getByLabel("E-mail").fill(agent.email);
    await agentPage.getByLabel("Password").fill(agent.password);
    await agentPage.getByRole("button", { name: "Sign in" }).click();
    await expect(agentPage.getByRole("alert").filter({ hasText: /e-mail and password/ })).toBeVisible();
    await expect(agentPage).toHaveURL(/\/login/);
  } finally {
    await context.close();
  }

  await row.getByRole("button", { name: `Enable ${agent.email}` }).click();
  await expect(page.getByTestId(`status-${agent.email}`)).toHaveText("Available");
});
