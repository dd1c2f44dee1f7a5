import { expect, test } from "@playwright/test";
import { E2E_OPERATOR } from "../accounts";
import { createBusiness, signIn } from "./helpers";

test("an operator sets a sender's dispatch rate with inline errors, and returns it to the default", async ({
  page,
}) => {
  await signIn(page, E2E_OPERATOR);
  // A business of its own, so the demo business keeps the default rates.
  const { name, row } = await createBusiness(page, "E2E Rates");
  const rates = row.getByTestId(/^senders-/);
  await expect(rates.getByRole("listitem")).toHaveCount(2); // the chatapp number and the RCS agent
  await expect(rates.getByRole("listitem").first()).toContainText("default");

  const open = async () => {
    await row.getByRole("button", { name: `Configure dispatch rates for ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Dispatch rates for ${name}` });
    await expect(dialog).toBeVisible();
    const form = dialog.getByRole("form").first(); // the chatapp phoneNumberId comes first
    return { dialog, input: form.getByRole("textbox"), save: form.getByRole("button", { name: /^Save/ }) };
  };
  const { dialog, input, save } = await open();
  await expect(input).toHaveValue("");

  for (const [value, message] of [
    ["0", "At least 1 message per second"],
    ["1001", "At most 1,000 messages per second"],
    ["fast", 'A whole number from 1 to 1,000, or "default"'],
  ] as const) {
    await input.fill(value);
    await save.click();
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText(message)).toBeVisible();
  }

  await input.fill("250");
  await save.click();
  await expect(input).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Dispatch rate saved").first()).toBeVisible();
  await expect(rates.getByRole("listitem").first()).toContainText("250/s");
  await expect(rates.getByRole("listitem").first()).not.toContainText("default");

  // Stored, not just shown: after a reload the form starts from it.
  await page.reload();
  const again = await open();
  await expect(again.input).toHaveValue("250");
  await again.input.fill("default");
  await again.save.click();
  await expect(again.input).toHaveValue("");
  await expect(rates.getByRole("listitem").first()).toContainText("default");
  await again.dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(again.dialog).toBeHidden();
});
