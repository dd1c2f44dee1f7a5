import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { E2E_OPERATOR } from "../accounts";
import { createBusiness, signIn } from "./helpers";
import { runId } from "./people-helpers";

// The inbox specs' shared steps: a business of its own made from the operator console, agents
// made with G1, and the customer writing from the virtual phone.

/** G1 with this business's key and admin: an agent with a temporary password. */
export async function createAgent(request: APIRequestContext, key: string, adminEmail: string, name: string) {
  const id = runId();
  const agent = {
    email: `inbox-${id}@example.test`,
    phone: `+9198${String(Date.now() % 100_000_000).padStart(8, "0")}`,
    password: "temporary-pass-1",
  };
  const res = await request.post(
    `/api/v1/business/user?apikey=${key}&email=${encodeURIComponent(adminEmail)}`,
    {
      data: {
        phoneNumber: agent.phone,
        firstName: name,
        role: "AGENT",
        emailId: agent.email,
        temporaryPassword: agent.password,
      },
    },
  );
  expect(res.status(), await res.text()).toBe(200);
  return { ...agent, name, userId: ((await res.json()) as { userId: string }).userId };
}

/** The operator makes a business and its first admin; the admin signs in with its own password. */
export async function newBusiness(page: Page, browser: Browser) {
  await signIn(page, E2E_OPERATOR);
  await page.goto("/console/businesses");
  const { name, row } = await createBusiness(page, "Inbox");
  await row.getByRole("button", { name: `Create first admin of ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Create first admin" });
  const email = `inbox-admin-${runId()}@example.test`;
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("First name").fill("Supi");
  await dialog.getByRole("button", { name: "Create admin and key" }).click();
  const shown = page.getByRole("dialog", { name: "Hand these over once" });
  const password = (await shown.getByTestId("first-admin-password").innerText()).trim();
  const key = (await shown.getByTestId("first-admin-key").innerText()).trim();
  await shown.getByRole("button", { name: "I have handed them over" }).click();
  const who = await page.request.get("/api/v3/whoami", { headers: { "x-api-key": key } });
  const { businessId } = (await who.json()) as { businessId: string };

  const admin = await (await browser.newContext()).newPage();
  await admin.goto("/login");
  await admin.getByLabel("E-mail").fill(email);
  await admin.getByLabel("Password").fill(password);
  await admin.getByRole("button", { name: "Sign in" }).click();
  await admin.getByLabel("Current password").fill(password);
  await admin.getByLabel(/^New password/).fill("inbox-admin-own-password");
  await admin.getByLabel("Repeat the new password").fill("inbox-admin-own-password");
  await admin.getByRole("button", { name: "Save and continue" }).click();
  await expect(admin).toHaveURL(/\/overview$/);
  return { admin, adminEmail: email, businessId, key };
}

/** The customer answers the business from the virtual phone (the admin's browser). */
export async function customerWrites(phone: Page, number: string, text: string): Promise<void> {
  await phone.goto(`/virtual-phone?number=${number}`);
  await phone.getByRole("textbox", { name: `Reply as +${number}` }).fill(text);
  await phone
    .getByRole("region", { name: `Virtual phone +${number}` })
    .getByRole("button", { name: "Send" })
    .click();
  await expect(phone.getByText("Reply sent")).toBeVisible();
}

export const list = (p: Page) => p.getByRole("list", { name: "Conversations" });
export const pane = (p: Page) => p.getByRole("region", { name: "Conversation", exact: true });
