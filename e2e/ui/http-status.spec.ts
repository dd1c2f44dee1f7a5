import { mkdirSync } from "node:fs";
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { pages, roleMay, type PageKey } from "../../lib/auth/access";
import { homePathFor, type Role } from "../../lib/auth/roles";
import { E2E_ADMIN, E2E_OPERATOR } from "../accounts";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from "./a11y";
import { apiKeyFor, approvedTemplate, createBusiness, signIn } from "./helpers";
import { runId } from "./people-helpers";
import { shot } from "./shot";

// HTTP tells the truth. A refused page answers 307 (decided by proxy.ts
// from the role table before rendering), a missing or another business's record 404, in the
// status itself, not in a streamed body after a 200. Screenshots go to /tmp/shots-http.

const SHOTS = "/tmp/shots-http";
const MISSING = "01900000-0000-7000-8000-000000000000";
const urlOf = (key: string, id = MISSING) => key.replace(/\[[^\]]+\]/g, id);
const keys = Object.keys(pages) as PageKey[];

/** Status and redirect target of one GET, redirects not followed. */
async function statusOf(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path, { maxRedirects: 0 });
  const location = res.headers()["location"];
  return location ? `${res.status()} ${new URL(location, "http://x").pathname}` : String(res.status());
}

/** What a page must answer: 200, 404 for a missing record (dynamic pages), 307 to `home`. */
function expected(key: PageKey, allowed: boolean, refusedTo: string): string {
  if (!allowed) return `307 ${refusedTo}`;
  return key.includes("[") ? "404" : "200";
}

/** A user of `role` in the demo business through G1, signed in through the form (temporary password). */
async function signInNewUser(
  browser: Browser,
  request: APIRequestContext,
  key: string,
  role: Role,
): Promise<{ context: BrowserContext; page: Page; password: string }> {
  const id = runId();
  const email = `${role.toLowerCase()}-${id}@demo.test`;
  const password = "temporary-pass-1";
  const res = await request.post(`/api/v1/business/user?apikey=${key}&email=${E2E_ADMIN.email}`, {
    data: {
      phoneNumber: `+9197${String(Date.now() % 100_000_000).padStart(8, "0")}`,
      firstName: role,
      role,
      emailId: email,
      temporaryPassword: password,
      ...(role === "BRANCH_ADMIN" ? { branchId: "north" } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account\/password/);
  return { context, page, password };
}

async function changePassword(page: Page, current: string, role: Role): Promise<void> {
  const next = "own-password-for-e2e-1";
  await page.getByLabel("Current password").fill(current);
  await page.getByLabel(/^New password/).fill(next);
  await page.getByLabel("Repeat the new password").fill(next);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(new RegExp(`${homePathFor(role)}$`));
}

test("every page answers its status from the role table, for every role, signed out and during a password change", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(400_000);
  await signIn(page, E2E_ADMIN);
  const { key } = await apiKeyFor(page);

  const signedOut = await playwright.request.newContext({ baseURL });
  try {
    for (const k of keys) {
      const open = pages[k].roles === "anyone";
      // "/" itself sends a visitor to sign in: it is open, and redirects by who is asking.
      const want = k === "/" ? "307 /login" : open ? "200" : "307 /login";
      expect(await statusOf(signedOut, urlOf(k)), `signed out ${k}`).toBe(want);
    }
  } finally {
    await signedOut.dispose();
  }

  const walk = async (request: APIRequestContext, role: Role) => {
    const home = homePathFor(role);
    for (const k of keys.filter((x) => x !== "/" && x !== "/login")) {
      const want = expected(k, roleMay(role, pages[k]), home);
      expect(await statusOf(request, urlOf(k)), `${role} ${k}`).toBe(want);
    }
    expect(await statusOf(request, "/"), `${role} /`).toBe(`307 ${home}`);
  };

  await walk(page.request, "BUSINESS_ADMIN");

  const operator = await browser.newContext();
  const operatorPage = await operator.newPage();
  try {
    await signIn(operatorPage, E2E_OPERATOR);
    await walk(operatorPage.request, "OPERATOR");
  } finally {
    await operator.close();
  }

  for (const role of ["MANAGER", "BRANCH_ADMIN", "AGENT"] as const) {
    const user = await signInNewUser(browser, page.request, key, role);
    try {
      if (role === "AGENT") {
        // A temporary password opens nothing but its change.
        for (const k of keys.filter((x) => pages[x].roles !== "anyone")) {
          const want = k === "/account/password" ? "200" : "307 /account/password";
          expect(await statusOf(user.page.request, urlOf(k)), `temporary password ${k}`).toBe(want);
        }
      }
      await changePassword(user.page, user.password, role);
      await walk(user.page.request, role);
    } finally {
      await user.context.close();
    }
  }
});

test("a missing record, or another business's, answers 404 with the not-found page; a refused page 307", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });

  // Another business with a template of its own, made by the operator and that business's key.
  const operator = await browser.newContext();
  const op = await operator.newPage();
  let otherTemplate: string;
  try {
    await signIn(op, E2E_OPERATOR);
    await op.goto("/console/businesses");
    const { name, row } = await createBusiness(op, "Other tenant");
    await row.getByRole("button", { name: `Create first admin of ${name}` }).click();
    const dialog = op.getByRole("dialog", { name: "Create first admin" });
    await dialog.getByLabel("E-mail").fill(`other-${runId()}@example.test`);
    await dialog.getByLabel("First name").fill("Other");
    await dialog.getByRole("button", { name: "Create admin and key" }).click();
    const shown = op.getByRole("dialog", { name: "Hand these over once" });
    const otherKey = (await shown.getByTestId("first-admin-key").innerText()).trim();
    await shown.getByRole("button", { name: "I have handed them over" }).click();
    const who = await op.request.get("/api/v3/whoami", { headers: { "x-api-key": otherKey } });
    const otherBusiness = ((await who.json()) as { businessId: string }).businessId;
    otherTemplate = (await approvedTemplate(op.request, otherBusiness, otherKey, { prefix: "other" })).id;
  } finally {
    await operator.close();
  }

  await signIn(page, E2E_ADMIN);
  const { businessId, key } = await apiKeyFor(page);
  const own = await approvedTemplate(page.request, businessId, key, { prefix: "own" });

  expect(await statusOf(page.request, `/templates/${own.id}`)).toBe("200");
  for (const path of [
    `/templates/${otherTemplate}`,
    `/templates/${otherTemplate}/edit`,
    `/templates/${MISSING}`,
    `/templates/not-an-id`,
    `/messages/${MISSING}`,
    `/messages/not-an-id`,
    `/campaigns/${MISSING}`,
    `/campaigns/not-an-id`,
    `/no-such-page`,
  ]) {
    expect(await statusOf(page.request, path), path).toBe("404");
  }

  // In the browser: the 404 is the document's own status, and the page says what happened.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const res = await page.goto(`/templates/${otherTemplate}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page, `404 at ${width}`);
    await expectNoSeriousA11yViolations(page, `404 at ${width}`);
    await shot(page, `${SHOTS}/not-found-${width}.png`);

    // A refused page: its first answer is a 307, and the browser lands on the role's home.
    const refused = await page.goto("/console/businesses");
    expect(refused?.request().redirectedFrom()?.url()).toMatch(/\/console\/businesses$/);
    expect((await refused?.request().redirectedFrom()?.response())?.status()).toBe(307);
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `overview after refusal at ${width}`);
    await shot(page, `${SHOTS}/refused-to-overview-${width}.png`);
  }
});
