import { expect, test } from "@playwright/test";
import { E2E_ADMIN, E2E_OPERATOR } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { apiKeyFor, signIn } from "./helpers";

// The builder's language is a searchable list of Meta's codes, the
// time-zone lists use IANA names, and the operator's review shows markers, samples and lint.

test("the template language is picked from Meta's codes by name or code, never free text", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/templates/new/chatapp");
  const language = page.getByRole("combobox", { name: "Language" });
  await expect(language).toHaveValue("English (US) · en_US");

  await language.click();
  await language.fill("hindi");
  const list = page.getByRole("listbox", { name: "Language options" });
  await expect(list.getByRole("option")).toHaveCount(1);
  await expect(list.getByRole("option", { name: /Hindi/ })).toBeVisible();
  await checkAtBothWidths(page, "template-language-open");
  await language.press("Enter");
  await expect(list).toBeHidden();
  await expect(language).toHaveValue("Hindi · hi");

  // A code as people write it (a dash, any case) finds Meta's spelling.
  await language.fill("PT-br");
  await expect(list.getByRole("option")).toHaveCount(1);
  await language.press("ArrowDown");
  await language.press("Enter");
  await expect(language).toHaveValue("Portuguese (BR) · pt_BR");

  // Something not in the list is not taken.
  await language.fill("klingon");
  await expect(list.getByText("No language matches")).toBeVisible();
  await language.press("Tab");
  await expect(language).toHaveValue("Portuguese (BR) · pt_BR");

  // Clicking an option picks it.
  await language.click();
  await language.fill("english");
  await list.getByRole("option", { name: /English \(UK\)/ }).click();
  await expect(language).toHaveValue("English (UK) · en_GB");

  // The RCS builder has the same list.
  await page.goto("/templates/new/rcs");
  await expect(page.getByRole("combobox", { name: "Language" })).toHaveValue("English · en");
});

test("time-zone lists use IANA names (Asia/Kolkata), not ICU's old ones", async ({ page }) => {
  await signIn(page, E2E_OPERATOR);
  await page.getByRole("button", { name: "Create business" }).first().click();
  const zone = page.getByRole("dialog", { name: "Create business" }).getByLabel("Time zone");
  await expect(zone.locator('option[value="Asia/Kolkata"]')).toHaveCount(1);
  await expect(zone.locator('option[value="Asia/Calcutta"]')).toHaveCount(0);
  await expect(zone.locator('option[value="Europe/Kyiv"]')).toHaveCount(1);
  await zone.selectOption("Asia/Kolkata");
  await expect(zone).toHaveValue("Asia/Kolkata");
});

test("the operator's review shows the template's {{n}} markers, its samples and its lint warnings", async ({
  page,
  browser,
}) => {
  await signIn(page, E2E_ADMIN);
  const { businessId, key } = await apiKeyFor(page);
  // "manual" in the name: the simulator leaves it PENDING for an operator.
  const name = `manual_review_${Date.now().toString(36)}`;
  const created = await page.request.post(`/api/v1/template/${businessId}`, {
    headers: { "x-api-key": key },
    data: {
      name,
      language: "en_US",
      category: "MARKETING",
      components: [
        {
          type: "BODY",
          text: "Hello {{1}}, thanks for shopping with us. Your order number is {{2}}",
          example: { body_text: [["Asha", "A-77"]] },
        },
        {
          type: "BUTTONS",
          buttons: [
            { type: "URL", text: "Track", url: "https://shop.example.com/t/{{1}}", example: ["A-77"] },
            { type: "QUICK_REPLY", text: "Thanks" },
          ],
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  const context = await browser.newContext();
  const operator = await context.newPage();
  await signIn(operator, E2E_OPERATOR);
  await operator.goto("/console/templates");
  const row = operator.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: "Review" }).click();
  const dialog = operator.getByRole("dialog", { name: `Review ${name}` });
  await expect(dialog).toContainText("English (US) · en_US");
  const source = dialog.getByTestId("template-source");
  await expect(source).toContainText("Hello {{1}}, thanks for shopping with us. Your order number is {{2}}");
  await expect(source.locator("mark")).toHaveText(["{{1}}", "{{2}}", "{{1}}"]);
  const samples = source.getByRole("list", { name: "Samples of Body" });
  await expect(samples).toContainText("{{1}} sample “Asha”");
  await expect(samples).toContainText("{{2}} sample “A-77”");
  await expect(source.getByRole("list", { name: /Samples of URL button/ })).toContainText("A-77");
  await expect(dialog.getByTestId("lint-warnings")).toContainText("The text ends with a variable");
  // The preview beside it shows the samples filled in.
  await expect(dialog).toContainText("Hello Asha, thanks for shopping with us. Your order number is A-77");
  await checkAtBothWidths(operator, "console-review-dialog");
  await context.close();
});
