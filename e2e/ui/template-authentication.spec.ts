import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { signIn } from "./helpers";

// The template builder for what Meta accepts and a migrating business brings: an
// AUTHENTICATION template (Meta writes its text; the business picks the options and the OTP
// button) and a TEXT header with its {{1}}. Inline errors, preview, both widths with axe.

const suffix = () => Date.now().toString(36);

test("an admin builds an authentication template with a one-tap button, errors shown inline", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/templates/new/chatapp");
  const name = `e2e_otp_${suffix()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Category").selectOption("AUTHENTICATION");
  // Meta writes the body: no body, header or buttons of the business's own.
  await expect(page.getByLabel("Body")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add button" })).toHaveCount(0);
  const preview = page.getByTestId("template-preview");
  await expect(preview.getByTestId("preview-body")).toHaveText(
    "*123456* is your verification code. For your security, do not share this code.",
  );

  await page.getByLabel("Code expires after (minutes)").fill("120");
  await page.getByLabel("OTP button").selectOption("ONE_TAP");
  await page.getByRole("button", { name: "Submit for approval" }).click();
  const packageName = page.getByLabel("Android package name");
  await expect(packageName).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("An Android package name such as com.example.app")).toBeVisible();
  await expect(page.getByText("At most 90 minutes")).toBeVisible();
  await checkAtBothWidths(page, "template-authentication-errors");

  await page.getByLabel("Code expires after (minutes)").fill("10");
  await packageName.fill("com.example.shop");
  await page.getByLabel("App signing key hash").fill("K8a/AINcGX7");
  await page.getByLabel("Autofill button text").fill("Fill in");
  await expect(preview).toContainText("This code expires in 10 minutes.");
  await expect(preview).toContainText("Fill in");
  await expect(packageName).not.toHaveAttribute("aria-invalid", "true");
  await checkAtBothWidths(page, "template-authentication-filled");

  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId("template-status")).toBeVisible();
});

test("zero-tap asks for Meta's terms, inline", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/templates/new/chatapp");
  await page.getByLabel("Name").fill(`e2e_zero_${suffix()}`);
  await page.getByLabel("Category").selectOption("AUTHENTICATION");
  await page.getByLabel("OTP button").selectOption("ZERO_TAP");
  await page.getByLabel("Android package name").fill("com.example.shop");
  await page.getByLabel("App signing key hash").fill("K8a/AINcGX7");
  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByText("A ZERO_TAP button needs zero_tap_terms_accepted: true")).toBeVisible();
  await page.getByLabel("I accept Meta's terms for zero-tap authentication").check();
  await expect(page.getByText("A ZERO_TAP button needs zero_tap_terms_accepted: true")).toHaveCount(0);
});

test("an admin builds a template with a TEXT header and its {{1}}", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/templates/new/chatapp");
  const name = `e2e_hdr_${suffix()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Header", { exact: true }).selectOption("TEXT");
  await page.getByLabel("Header text").fill("Order {{1}}");
  await page.getByLabel("Body").fill("Hello, your order has shipped today. Thank you!");
  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByLabel("Sample for the header's {{1}}")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Sample for the header's {{1}}").fill("42");
  await expect(page.getByTestId("preview-header")).toHaveText("Order 42");
  await checkAtBothWidths(page, "template-text-header");
  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
});
