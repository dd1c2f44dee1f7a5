import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_OPERATOR } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { signIn } from "./helpers";

// Each test builds a carousel with uploads through the UI (and the second signs an operator in
// and reviews it): on 2 cores with two e2e shards at once that runs past the default minute.
test.describe.configure({ timeout: 180_000 });

// An RCS carousel template built in the dashboard (layout, add and remove
// cards, each card's image, title, description and suggestions), its live preview, the
// template page, and the operator's review dialog. Screenshots at 390 and 1280 px go to
// /tmp/r-carousel-*.png.

const SHOTS = "/tmp/r-carousel";
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("0000000d4948445200000001000000010806000000", "hex"),
  Buffer.alloc(64, 1),
]);
const suffix = () => Date.now().toString(36);

async function shoot(page: Page, step: string) {
  await checkAtBothWidths(page, step, { prefix: `${SHOTS}-` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Fills the builder with a 2-card carousel (a 3rd card added and removed on the way). */
async function buildCarousel(page: Page, name: string) {
  await page.goto("/templates/new/rcs");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Layout").selectOption("carousel");
  await expect(page.getByText("2 of 10 cards")).toBeVisible();
  await page.getByRole("button", { name: "Add card" }).click();
  await expect(page.getByText("3 of 10 cards")).toBeVisible();
  await page.getByRole("button", { name: "Remove Card 3" }).click();
  await expect(page.getByText("2 of 10 cards")).toBeVisible();

  await page.getByLabel("Card 1 title").fill("Fern for {{1}}");
  await page.getByLabel("Card 1 description").fill("Low light, low fuss.");
  await page
    .getByLabel("Card 1 image")
    .setInputFiles({ name: "fern.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Add suggestion to Card 1" }).click();
  await page.getByLabel("Card 1 suggestion 1 text").fill("Buy fern");
  await page.getByLabel("Card 1 suggestion 1 URL").fill("https://shop.example.com/fern");
  await page.getByLabel("Card 2 title").fill("Cactus");
  await page.getByLabel("Card 2 description").fill("Only {{1}} left");
  await page
    .getByLabel("Card 2 image")
    .setInputFiles({ name: "cactus.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByLabel("Card 2 image")).not.toHaveAttribute("aria-busy", "true");
}

test("an admin builds an RCS carousel: cards added and removed, each with its image, previewed, approved", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN);
  const name = `e2e_carousel_${suffix()}`;
  await buildCarousel(page, name);

  const preview = page.getByTestId("rcs-carousel-preview");
  await expect(preview.getByRole("listitem")).toHaveCount(2);
  await expect(preview.getByRole("listitem", { name: "Card 1" })).toContainText("Fern for {{1}}");
  await expect(preview.getByRole("listitem", { name: "Card 1" })).toContainText("Buy fern");
  await expect(preview.getByRole("listitem", { name: "Card 2" })).toContainText("Only {{1}} left");
  await expect(preview.getByRole("img", { name: "Card media" })).toHaveCount(2);
  await shoot(page, "builder");

  // Images on every card or none: removing card 2's upload is refused on submit, at the top.
  await page.getByRole("button", { name: "Remove the uploaded image" }).nth(1).click();
  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "every card an image" })).toBeVisible();
  await page
    .getByLabel("Card 2 image")
    .setInputFiles({ name: "cactus.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByLabel("Card 2 image")).not.toHaveAttribute("aria-busy", "true");
  await page.getByRole("button", { name: "Submit for approval" }).click();

  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const saved = page.getByTestId("rcs-carousel-preview");
  await expect(saved.getByRole("listitem")).toHaveCount(2);
  await expect(saved).toContainText("Buy fern");
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("template-status")).toContainText(/approved/i, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await shoot(page, "template-page");
});

test("the operator reviews an RCS carousel with every card in the dialog", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, E2E_ADMIN);
  // The simulator leaves names containing "manual" for the operators.
  const name = `e2e_manual_carousel_${suffix()}`;
  await buildCarousel(admin, name);
  await admin.getByRole("button", { name: "Submit for approval" }).click();
  await expect(admin.getByRole("heading", { name, level: 1 })).toBeVisible();

  const operator = await (await browser.newContext()).newPage();
  await signIn(operator, E2E_OPERATOR);
  await operator.goto("/console/templates");
  const row = operator.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: "Review" }).click();
  const dialog = operator.getByRole("dialog", { name: `Review ${name}` });
  const cards = dialog.getByTestId("rcs-carousel-preview").getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1)).toContainText("Only {{1}} left");
  await shoot(operator, "review");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(dialog).toBeHidden();
});
