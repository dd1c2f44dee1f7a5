import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { signIn } from "./helpers";
import { apiKeyFor, createAgent, runId } from "./people-helpers";

// Team management had no e2e. Create a team, add a member, and remove it only after
// a confirmation that says what happens.

test("a business admin creates a team, adds an agent and removes it after confirming", async ({
  page,
  request,
}) => {
  await signIn(page, E2E_ADMIN);
  const { key } = await apiKeyFor(page);
  const agent = await createAgent(request, key, "Teammate");
  const teamName = `Support ${runId()}`;

  await page.goto("/users");
  await page.getByRole("button", { name: "Create team" }).click();
  const create = page.getByRole("dialog", { name: "Create team" });
  // The dialog starts on its first field, not on the close button.
  await expect(create.getByLabel("Team name")).toBeFocused();
  await create.getByRole("button", { name: "Create team" }).click();
  await expect(create.getByText("Required").first()).toBeVisible();
  await create.getByLabel("Team name").fill(teamName);
  const supervisor = create.getByLabel("Supervisor");
  const adminOption = supervisor.locator("option", { hasText: E2E_ADMIN.email });
  await supervisor.selectOption(await adminOption.getAttribute("value"));
  await create.getByRole("button", { name: "Create team" }).click();
  await expect(create).toBeHidden();

  const members = page.getByRole("list", { name: `Members of ${teamName}` });
  await expect(members).toContainText("No members yet");
  // Members are picked with checkboxes and added in one step.
  const add = page.getByRole("group", { name: `Add members to ${teamName}` });
  await add.getByRole("checkbox", { name: new RegExp(agent.email) }).check();
  await add.getByRole("button", { name: "Add 1 member" }).click();
  await expect(members).toContainText(agent.email);

  // Remove: nothing happens before the confirmation, and Cancel keeps the member.
  const remove = members.getByRole("button", { name: `Remove ${agent.email} from ${teamName}` });
  await remove.click();
  const confirm = page.getByRole("dialog", { name: `Remove ${agent.email} from ${teamName}?` });
  await expect(confirm).toContainText("stay signed in");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(members).toContainText(agent.email);
  await expect(remove).toBeFocused();

  await remove.click();
  await confirm.getByRole("button", { name: "Remove from team" }).click();
  await expect(confirm).toBeHidden();
  await expect(members).not.toContainText(agent.email);
  await expect(members).toContainText("No members yet");
});
