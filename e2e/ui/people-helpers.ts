import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";

// Helpers of the profiles, agents and calls specs (issue 5).

export type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A callback receiver on loopback (the e2e server allows private callback URLs). */
export async function startReceiver() {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/cdr-hook`,
    got,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** Standard Webhooks check, as a receiver does it (docs/callbacks.md). */
export function signatureValid(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key)
    .update(`${r.headers["webhook-id"]}.${r.headers["webhook-timestamp"]}.${r.body}`)
    .digest();
  return String(r.headers["webhook-signature"])
    .split(" ")
    .some((part) => {
      const given = Buffer.from(part.replace(/^v1,/, ""), "base64");
      return part.startsWith("v1,") && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** The demo business's id and a fresh API key, through the API keys page (shown once). */
export async function apiKeyFor(page: Page): Promise<{ businessId: string; key: string }> {
  await page.goto("/api-keys");
  const businessId = (await page.getByTestId("business-id").textContent())!.trim();
  await page.getByRole("button", { name: "Create API key" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create API key" });
  await dialog.getByLabel("Name").fill(`people e2e ${Date.now().toString(36)}`);
  await dialog.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByRole("dialog", { name: "Copy your new API key" });
  const key = (await shown.getByTestId("new-api-key").textContent())!.trim();
  await shown.getByRole("button", { name: "I have stored the key" }).click();
  await expect(shown).toBeHidden();
  return { businessId, key };
}

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
  await expect(page).toHaveURL(/\/calls/);
  await expect(page.getByRole("heading", { name: "My status & calls", level: 1 })).toBeVisible();
  return page;
}
