import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { signIn } from "./helpers";

test("the API reference renders the OpenAPI document offline with the three auth schemes", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ADMIN);
  await page.goto("/api-reference");
  const ui = page.getByTestId("swagger-ui");
  // Swagger UI is a 1.5 MB bundle parsed in the browser: allow for a busy 2-core machine.
  await expect(ui.getByRole("heading", { name: /Switchboard API/ })).toBeVisible({ timeout: 60_000 });
  await ui
    .getByRole("button", { name: /Authorize/ })
    .first()
    .click();
  await expect(ui.getByRole("heading", { name: "Available authorizations" })).toBeVisible();
  for (const scheme of ["ApiKeyHeader", "BearerAuth", "ApiKeyQuery"]) {
    await expect(ui.getByRole("heading", { name: new RegExp(`^${scheme} \\(`), level: 4 })).toBeAttached();
  }
});
