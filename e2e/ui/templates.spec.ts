import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_OPERATOR } from "../accounts";
import { signIn } from "./helpers";

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("0000000d4948445200000001000000010806000000", "hex"),
  Buffer.alloc(64, 1),
]);
const suffix = () => Date.now().toString(36);

async function waitForStatus(page: Page, status: string) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("template-status")).toContainText(new RegExp(status, "i"), {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
}

test("an admin creates a chatapp template with an image and buttons, previews it, and sees it approved", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/templates");
  await page.getByRole("link", { name: "New chatapp template" }).click();
  const name = `e2e_offer_${suffix()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Category").selectOption("MARKETING");
  await page.getByLabel("Header", { exact: true }).selectOption("IMAGE");
  // A PNG named .jpg: the upload is checked by content.
  await page
    .getByLabel("Header image")
    .setInputFiles({ name: "banner.jpg", mimeType: "image/jpeg", buffer: PNG });
  await page.getByLabel("Body").fill("Hello {{1}}, our summer sale starts today. Enjoy!");
  await page.getByLabel("Sample for {{1}}").fill("Asha");
  await page.getByLabel("Footer").fill("Reply STOP to opt out");
  await page.getByRole("button", { name: "Add button" }).click();
  await page.getByLabel("Button 1 type").selectOption("URL");
  await page.getByLabel("Button 1 text").fill("Shop now");
  await page.getByLabel("Button 1 URL").fill("https://shop.example.com/sale");
  await page.getByRole("button", { name: "Add button" }).click();
  await page.getByLabel("Button 2 text").fill("Not now");
  // Each type select shows its whole choice ("Quick reply", not "Quick rep")
  // at 1,280 px: the text's width plus the select's padding and arrow fit in it.
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [label, choice] of [
    ["Button 1 type", "Visit website"],
    ["Button 2 type", "Quick reply"],
  ] as const) {
    const select = page.getByLabel(label);
    await expect(select.locator("option:checked")).toHaveText(choice);
    const room = await select.evaluate((el: HTMLSelectElement) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = ctx.measureText(el.selectedOptions[0]!.text).width;
      const chrome = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return el.clientWidth - chrome - text;
    });
    expect(room, `${label}: room left beside "${choice}"`).toBeGreaterThanOrEqual(0);
  }

  const preview = page.getByTestId("template-preview");
  await expect(preview.getByTestId("preview-body")).toHaveText(
    "Hello Asha, our summer sale starts today. Enjoy!",
  );
  await expect(preview.getByRole("img", { name: "Header image" })).toBeVisible();
  await expect(preview).toContainText("Shop now");
  await expect(preview).toContainText("Reply STOP to opt out");

  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await waitForStatus(page, "APPROVED");
  await expect(page.getByTestId("status-history")).toContainText("simulator (provider)");
  await page.goto("/templates");
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText(/approved/i);
});

test("lint warnings show while typing", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/templates/new/chatapp");
  await page.getByLabel("Body").fill("{{1}} {{2}}");
  await expect(page.getByTestId("lint-warnings")).toContainText("starts with a variable");
});

test("an admin creates an RCS rich card template", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/templates/new/rcs");
  const name = `e2e_card_${suffix()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Title").fill("Summer sale");
  await page.getByLabel("Description").fill("Up to 50% off this week only.");
  await page.getByRole("button", { name: "Add suggestion" }).click();
  await page.getByLabel("Suggestion 1 text").fill("Shop now");
  await page.getByLabel("Suggestion 1 URL").fill("https://shop.example.com");
  await expect(page.getByTestId("rcs-card-preview")).toContainText("Summer sale");
  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId("rcs-card-preview")).toContainText("Shop now");
  await waitForStatus(page, "APPROVED");
});

test("an operator rejects a template with a reason and the admin sees the reason", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, E2E_ADMIN);
  await admin.goto("/templates/new/chatapp");
  // The simulator leaves names containing "manual" for the operators.
  const name = `e2e_manual_${suffix()}`;
  await admin.getByLabel("Name").fill(name);
  await admin.getByLabel("Body").fill("Your appointment is confirmed for tomorrow morning.");
  await admin.getByRole("button", { name: "Submit for approval" }).click();
  await expect(admin.getByRole("heading", { name, level: 1 })).toBeVisible();
  const detailUrl = admin.url();

  const operator = await (await browser.newContext()).newPage();
  await signIn(operator, E2E_OPERATOR);
  await operator.goto("/console/templates");
  const row = operator.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Review" }).click();
  const dialog = operator.getByRole("dialog", { name: `Review ${name}` });
  await expect(dialog.getByTestId("preview-body")).toContainText("appointment is confirmed");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog.getByRole("alert")).toContainText("reason");
  await dialog.getByLabel("Reason (required to reject)").fill("Looks like marketing, not a utility message");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog).toBeHidden();
  await expect(operator.getByRole("row").filter({ hasText: name })).toHaveCount(0);

  await admin.goto(detailUrl);
  await expect(admin.getByTestId("template-status")).toContainText(/rejected/i);
  await expect(admin.getByTestId("rejection-reason")).toHaveText(
    "Looks like marketing, not a utility message",
  );
});
