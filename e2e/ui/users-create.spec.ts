import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths, SHOTS } from "./both-widths";
import { signIn } from "./helpers";
import { apiKeyFor, createAgent, runId } from "./people-helpers";

// The create-user form has a team and a status, the phone is optional in
// the dashboard (a chat-only agent has none), and a team takes several members in one step.
test("create a chat-only agent with a team and a status; add several members at once", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN);
  const { key } = await apiKeyFor(page);
  const [a, b] = [await createAgent(request, key, "Multi A"), await createAgent(request, key, "Multi B")];
  const teamName = `Chat ${runId()}`;
  await page.goto("/users");
  await page.getByRole("button", { name: "Create team" }).click();
  const create = page.getByRole("dialog", { name: "Create team" });
  await create.getByLabel("Team name").fill(teamName);
  const supervisor = create.getByLabel("Supervisor");
  await supervisor.selectOption(
    await supervisor.locator("option", { hasText: E2E_ADMIN.email }).getAttribute("value"),
  );
  await create.getByRole("button", { name: "Create team" }).click();
  await expect(create).toBeHidden();

  // Several members in one step.
  const members = page.getByRole("list", { name: `Members of ${teamName}` });
  const add = page.getByRole("group", { name: `Add members to ${teamName}` });
  await add.getByRole("checkbox", { name: new RegExp(a.email) }).check();
  await add.getByRole("checkbox", { name: new RegExp(b.email) }).check();
  await add.getByRole("button", { name: "Add 2 members" }).click();
  await expect(members).toContainText(a.email);
  await expect(members).toContainText(b.email);

  // A chat-only agent: no phone, a team and a status chosen in the form.
  const email = `chat-only-${runId()}@example.test`;
  await page.getByRole("button", { name: "Create user" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create user" });
  await dialog.getByLabel("First name").fill("Chatty");
  await dialog.getByLabel("E-mail").fill(email);
  await expect(dialog.getByLabel(/Phone number/)).not.toHaveAttribute("required", "");
  await dialog.getByLabel("Team").selectOption({ label: teamName });
  await dialog.getByLabel("Status").selectOption("Away");
  await checkAtBothWidths(page, "p21-create-user", { prefix: `${SHOTS}/` });
  await dialog.getByRole("button", { name: "Create user" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Away");
  await expect(members).toContainText(email);
  await checkAtBothWidths(page, "p21-users", { prefix: `${SHOTS}/` });
});
