import { expect, test } from "@playwright/test";
import { E2E_OPERATOR } from "../accounts";
import { createBusiness, signIn } from "./helpers";

test("an operator sets a business's calling provider and registered number; secrets stay on the server", async ({
  page,
}) => {
  await signIn(page, E2E_OPERATOR);
  // A business of its own, so other specs keep the demo business on the simulator.
  const { name, row } = await createBusiness(page, "E2E Calls");
  await expect(row).toContainText("simulator");
  await row.getByRole("button", { name: `Configure calling for ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Calling for ${name}` });
  await expect(dialog.getByText("Nothing saved yet")).toBeVisible();
  await expect(dialog.getByRole("switch", { name: "Calling enabled" })).toBeChecked();

  // Exotel shows its account fields; a bad number is refused inline.
  await dialog.getByRole("combobox", { name: "Provider" }).selectOption("exotel");
  await expect(dialog.getByRole("group", { name: "Exotel account" })).toBeVisible();
  const number = dialog.getByRole("textbox", { name: "Registered number" });
  await number.fill("12ab");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText(/The registered number with its country code/)).toBeVisible();
  await dialog.getByRole("textbox", { name: "API base URL" }).fill("not a url");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText(/Must be a URL/)).toBeVisible();

  await number.fill("+918012345678");
  await dialog.getByRole("textbox", { name: "API base URL" }).fill("");
  await dialog.getByRole("textbox", { name: "Account SID" }).fill("acme1");
  await dialog.getByRole("textbox", { name: "API key" }).fill("key-123");
  await dialog.getByLabel("API token").fill("token-secret-456");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Calling settings saved")).toBeVisible();
  await expect(row).toContainText("exotel");
  await expect(row).toContainText("+918012345678");

  // Reopened: the account SID is shown, the credentials are not (only that they are stored).
  await page.reload();
  await row.getByRole("button", { name: `Configure calling for ${name}` }).click();
  await expect(dialog.getByText("Nothing saved yet")).toBeHidden();
  await expect(dialog.getByRole("textbox", { name: "Account SID" })).toHaveValue("acme1");
  await expect(dialog.getByRole("textbox", { name: "API key" })).toHaveValue("");
  await expect(dialog.getByLabel("API token")).toHaveValue("");
  await expect(dialog.getByText("Stored; leave blank to keep it").first()).toBeVisible();
  expect(await page.content()).not.toContain("token-secret-456");

  // Switched off: the row says so.
  await dialog.getByRole("switch", { name: "Calling enabled" }).uncheck();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId(/^calling-/)).toContainText("Off");
});
