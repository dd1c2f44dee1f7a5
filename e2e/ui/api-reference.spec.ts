import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { signIn } from "./helpers";

test("the API reference renders the OpenAPI document offline with the three auth schemes", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/api-reference");
  const ui = page.getByTestId("swagger-ui");
  await expect(ui.getByText("Switchboard API").first()).toBeVisible();
  await ui
    .getByRole("button", { name: /Authorize/ })
    .first()
    .click();
  for (const scheme of ["ApiKeyHeader", "BearerAuth", "ApiKeyQuery"]) {
    await expect(page.getByText(scheme, { exact: false }).first()).toBeVisible();
  }
});
