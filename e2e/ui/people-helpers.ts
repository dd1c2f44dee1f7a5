import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";

// Helpers of the profiles, agents and calls specs.

export { signatureValid, startReceiver, type Received } from "../receiver";
export { apiKeyFor } from "./helpers";

/** A unique suffix per run (the e2e database lives as long as the server). */
export const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

export type Agent = { userId: string; email: string; phone: string; password: string };

/** G1 as the demo admin: an agent with a temporary password (it must change it at first sign-in). */
export async function createAgent(request: APIRequestContext, key: string, name: string): Promise<Agent> {
  const id = runId();
  const phone = `+9198${String(Date.now() % 100_000_000).padStart(8, "0")}`;
  const agent = { email: `agent-${id}@demo.test`, phone, password: "temporary-pass-1" };
  const res = await request.post(`/api/v1/business/user?apikey=${key}&email=${E2E_ADMIN.email}`, {
    data: {
      phoneNumber: phone,
      firstName: name,
      role: "AGENT",
      emailId: agent.email,
      temporaryPassword: agent.password,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { userId: string; mustChangePassword: boolean };
  expect(body.mustChangePassword).toBe(true);
  return { ...agent, userId: body.userId };
}

/**
 * The agent's first sign-in in its own browser context: the app forces /account/password,
 * the agent picks a new password and lands on its home page (My status & calls).
 */
export async function signInAgentFirstTime(browser: Browser, agent: Agent): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(agent.email);
  await page.getByLabel("Password").fill(agent.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account\/password/);
  const newPassword = "agent-own-password-1";
  await page.getByLabel("Current password").fill(agent.password);
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/inbox/);
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  return page;
}
