import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { signIn } from "./helpers";

// The dashboard's Content-Security-Policy must not break what it protects: the login page,
// a dashboard page and the API reference (Swagger UI) render with no CSP violation.

async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction("__cspViolation", (v: string) => void violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} at ${location.pathname} from ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return violations;
}

test("login, a dashboard page and the API reference render under the CSP without violations", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const violations = await recordViolations(page);
  const login = await page.goto("/login");
  const csp = login!.headers()["content-security-policy"];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(login!.headers()["x-content-type-options"]).toBe("nosniff");
  expect(login!.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  await signIn(page, E2E_ADMIN);
  await page.goto("/messages");
  await expect(page.locator("main#main h1")).toBeVisible();
  await page.goto("/api-reference");
  await expect(page.getByTestId("swagger-ui").getByRole("heading", { name: /Switchboard API/ })).toBeVisible({
    timeout: 60_000,
  });
  expect(violations).toEqual([]);
});

test("sign-in says when to retry after repeated wrong passwords", async ({ page }) => {
  const email = `throttle-${Date.now().toString(36)}@example.test`;
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Password").fill(`wrong-${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("That e-mail and password do not match an active account.")).toBeVisible();
  }
  // The 6th comes within the first 1 s delay unless the machine is slow; delays double, so
  // one of the next few is refused at the latest.
  await expect(async () => {
    await page.getByLabel("Password").fill("wrong-again");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(
      page.getByText(/Too many failed sign-in attempts for this account\. Try again in \d+ seconds?\./),
    ).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
});
