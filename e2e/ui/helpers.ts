import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { savedCookies } from "../sessions";

type Account = { email: string; password: string };

/**
 * Waits until React has hydrated the element (it holds React's props then): a click on a
 * server-rendered button before that is lost, which a loaded machine makes likely.
 */
export async function hydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$"))), {
      timeout: 15_000,
    })
    .toBe(true);
}

/**
 * Starts `page` signed in as `account`: with the session the "sessions" setup project saved
 * (e2e/ui/sessions.setup.ts), else through the sign-in form. Lands on the role's home page.
 */
export async function signIn(page: Page, account: Account): Promise<void> {
  const cookies = savedCookies(account.email);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto("/");
    // A session from an older server (another database) is not accepted: use the form.
    if (!new URL(page.url()).pathname.startsWith("/login")) {
      await expect(page.locator("main#main h1")).toBeVisible();
      return;
    }
  }
  await signInWithForm(page, account);
}

/** Signs in through the sign-in form (what auth.spec.ts and the setup project test). */
export async function signInWithForm(page: Page, account: Account): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // "/" redirects to the role's home: wait for the shell of the final page.
  await expect(page.locator("main#main h1")).toBeVisible();
}

/** The demo business's id and a fresh API key, through the API keys page (shown once). */
export async function apiKeyFor(page: Page): Promise<{ businessId: string; key: string }> {
  await page.goto("/api-keys");
  const businessId = (await page.getByTestId("business-id").textContent())!.trim();
  await page.getByRole("button", { name: "Create API key" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create API key" });
  await dialog.getByLabel("Name").fill(`e2e ${Date.now().toString(36)}`);
  await dialog.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByRole("dialog", { name: "Copy your new API key" });
  const key = (await shown.getByTestId("new-api-key").textContent())!.trim();
  await shown.getByRole("button", { name: "I have stored the key" }).click();
  await expect(shown).toBeHidden();
  return { businessId, key };
}

/**
 * Creates a business from the operator console (signed in as the operator, on the Businesses
 * page) with a unique name, so a spec can change it without touching the demo business.
 * Returns its name and its table row.
 */
export async function createBusiness(page: Page, prefix: string) {
  const name = `${prefix} ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "Create business" }).first().click();
  const create = page.getByRole("dialog", { name: "Create business" });
  await create.getByLabel("Name").fill(name);
  await create.getByRole("button", { name: "Create business" }).click();
  await expect(create).toBeHidden();
  return { name, row: page.getByRole("row").filter({ hasText: name }) };
}

/** The body most specs send: two variables, with samples. */
export const ORDER_BODY = {
  type: "BODY",
  text: "Hello {{1}}, your order {{2}} has shipped.",
  example: { body_text: [["Asha", "A-1"]] },
};

/**
 * Creates a chatapp template through D1 (a unique name from `prefix`) and waits until the
 * simulator's review approves it. `components` defaults to ORDER_BODY alone, `category` to UTILITY
 * (campaigns use MARKETING).
 */
export async function approvedTemplate(
  request: APIRequestContext,
  businessId: string,
  key: string,
  {
    prefix = "e2e",
    components = [ORDER_BODY],
    category = "UTILITY",
  }: { prefix?: string; components?: object[]; category?: "UTILITY" | "MARKETING" } = {},
): Promise<{ name: string; id: string }> {
  const headers = { "x-api-key": key };
  const name = `${prefix}_${Date.now().toString(36)}`;
  const created = await request.post(`/api/v1/template/${businessId}`, {
    headers,
    data: { name, language: "en_US", category, components },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/template/id/${businessId}?templateId=${id}`, { headers });
        return ((await res.json()) as { status?: string }).status;
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe("APPROVED");
  return { name, id };
}

/** The business's first chatapp sender number id (the phoneNumberId of A1/B1 sends). */
export async function chatappSender(
  request: APIRequestContext,
  businessId: string,
  key: string,
): Promise<string> {
  const res = await request.get(`/api/v3/business/${businessId}/channels`, { headers: { "x-api-key": key } });
  const { channels } = (await res.json()) as {
    channels: Array<{ channel: string; phoneNumberIds: string[] }>;
  };
  return channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0]!;
}

/**
 * The A1/B1 `message` for an ORDER_BODY template `name`: its body's two variables (the name and
 * the order), then any `more` components (a button's variable, say).
 */
export const orderMessage = (name: string, variables: [string, string], more: object[] = []) => ({
  messageType: "template",
  name,
  language: "en_US",
  components: [
    { componentType: "body", parameters: variables.map((text) => ({ type: "text", text })) },
    ...more,
  ],
});

/**
 * Sends the ORDER_BODY template `name` through A1 from `phoneNumberId` to `to` (Asha and
 * `order`, A-77 unless given); returns the message and transaction ids.
 */
export async function sendOrder(
  request: APIRequestContext,
  { businessId, key }: { businessId: string; key: string },
  { name, phoneNumberId, to, order = "A-77", more }: SendOrder,
): Promise<{ messageId: string; transactionId: string }> {
  const sent = await request.post(`/api/v3/message/${businessId}/template`, {
    headers: { "x-api-key": key },
    data: { message: orderMessage(name, ["Asha", order], more), to, phoneNumberId },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return (await sent.json()) as { messageId: string; transactionId: string };
}

type SendOrder = { name: string; phoneNumberId: string; to: string; order?: string; more?: object[] };

/** On the Profiles page: opens "Import CSV" with `file` chosen; returns the dialog. */
export async function openProfileImport(page: Page, file: string) {
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import profiles from CSV" });
  await dialog.getByLabel("CSV file").setInputFiles(file);
  return dialog;
}
