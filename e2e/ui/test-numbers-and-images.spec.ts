import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { apiKeyFor, signIn } from "./helpers";

// Test numbers kept in Settings (and picked on the virtual phone)
// are what "Send a test" offers; a test send keeps its header image on the message page and the
// virtual phone; the wizard offers the template's image, clears its dry-run reminder, starts
// batches and retries at working values and shows the message on the review step.
// Screenshots at 390 and 1280 px go to /tmp/w23-*.png.

const SHOTS = "/tmp/w23";
// A real 1x1 PNG, so the browser draws it.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const suffix = () => Date.now().toString(36);

async function shoot(page: Page, name: string) {
  await checkAtBothWidths(page, name, { prefix: `${SHOTS}-`, soft: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Other specs on this server send tests (a number typed on a test send becomes a test number),
 * and a retry finds this spec's own numbers: start from none, removed through Settings.
 */
async function clearTestNumbers(page: Page) {
  await page.goto("/settings");
  const remove = page
    .getByRole("list", { name: "Test numbers" })
    .getByRole("button", { name: /^Remove \+\d+$/ });
  for (let left = await remove.count(); left > 0; left -= 1) {
    await remove.first().click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await expect(remove).toHaveCount(left - 1);
  }
}

/** An APPROVED MARKETING template with an uploaded header image and one body variable (D2). */
async function imageTemplate(page: Page, businessId: string, key: string) {
  const form = new FormData();
  const name = `e2e_img_${suffix()}`;
  form.append(
    "template",
    JSON.stringify({
      name,
      language: "en_US",
      category: "MARKETING",
      components: [
        { type: "HEADER", format: "IMAGE" },
        { type: "BODY", text: "Hi {{1}}, our offer is in.", example: { body_text: [["Asha"]] } },
      ],
    }),
  );
  form.append("files", new Blob([PNG], { type: "image/png" }), "offer.png");
  const created = await page.request.post(`/api/v1/template/media/${businessId}`, {
    headers: { "x-api-key": key },
    multipart: form,
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  return { id, name };
}

test("test numbers: kept in Settings, picked on the virtual phone, the only numbers Send a test offers", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN);
  const { businessId, key } = await apiKeyFor(page);
  const { id } = await imageTemplate(page, businessId, key);

  await page.goto(`/templates/${id}`);
  await expect(page.getByTestId("template-status")).toContainText(/approved/i, { timeout: 30_000 });

  await clearTestNumbers(page);
  const card = page.getByRole("form", { name: "Add a test number" });
  await card.getByLabel("Add a number").fill("12");
  await card.getByRole("button", { name: "Add" }).click();
  await expect(card.getByText(/A number with its country code/)).toBeVisible();
  await card.getByLabel("Add a number").fill("+91 98123 40002");
  await card.getByRole("button", { name: "Add" }).click();
  const list = page.getByRole("list", { name: "Test numbers" });
  await expect(list).toContainText("+919812340002");
  await shoot(page, "settings-test-numbers");

  // The virtual phone: the open simulator number becomes a test number in one click.
  await page.goto("/virtual-phone?number=919812340013");
  await page.getByRole("button", { name: "Add +919812340013 to the test numbers" }).click();
  await expect(page.getByTestId("is-test-number")).toBeVisible();
  await shoot(page, "virtual-phone-keep");

  // Send a test: pre-filled with the first test number, its chips are the test numbers only.
  await page.goto(`/templates/${id}`);
  const send = page.getByRole("form", { name: "Send a test" });
  await expect(send.getByLabel("Test number", { exact: true })).toHaveValue("+919812340002");
  const chips = send.getByRole("group", { name: "Test numbers" });
  await expect(chips.getByRole("button")).toHaveText(["+919812340002", "+919812340013"]);
  // Other specs sent to many numbers on this server: none of them is offered.
  await expect(send.getByRole("group", { name: "Recent numbers" })).toHaveCount(0);
  await chips.getByRole("button", { name: "+919812340013" }).click();
  await expect(send.getByLabel("Test number", { exact: true })).toHaveValue("+919812340013");
  await expect(send.getByRole("img", { name: /as it will be sent/ }).first()).toBeVisible();
  await shoot(page, "template-send-test");
  await send.getByRole("button", { name: "Send test" }).click();
  await expect(send.getByTestId("test-sent")).toBeVisible();

  // The header image travels with the test: the message page and the virtual phone show it.
  await send.getByRole("link", { name: "Open the message" }).click();
  const sent = page.getByTestId("sent-message");
  await expect(sent.locator("img")).toHaveAttribute("src", /\/templates\/media\/[0-9a-f]{64}$/);
  await expect
    .poll(() => sent.locator("img").evaluate((el) => (el as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await shoot(page, "message-with-image");
  await page.goto("/virtual-phone?number=919812340013");
  await expect(page.locator("main img").first()).toHaveAttribute("src", /\/templates\/media\/[0-9a-f]{64}$/);
  await shoot(page, "virtual-phone-image");

  // Removing asks first.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Remove +919812340013" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(list).not.toContainText("+919812340013");
  await expect(list).toContainText("+919812340002");
});

test("the wizard: the template's image by default, reminder gone after the dry run, working defaults, the message on review", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, E2E_ADMIN);
  const { businessId, key } = await apiKeyFor(page);
  const { id, name } = await imageTemplate(page, businessId, key);
  await page.goto(`/templates/${id}`);
  await expect(page.getByTestId("template-status")).toContainText(/approved/i, { timeout: 30_000 });

  await page.goto("/campaigns/new");
  await page.getByLabel("Campaign name").fill(`Images ${suffix()}`);
  await page.getByTestId("csv-file").setInputFiles({
    name: `img-${suffix()}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from("phone,name,picture\n919876530001,Asha,https://cdn.example.com/a.png\n"),
  });
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "2. Columns and dry run" })).toBeFocused();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(/Run the dry run first/)).toBeVisible();
  await page.getByTestId("dry-run").click();
  await expect(page.getByTestId("dry-run-totals")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/Run the dry run first/)).toBeHidden();
  await page.getByRole("button", { name: "Next" }).click();

  // The sender is chosen already; the template's own image is the header's default.
  await expect(page.getByLabel("Sender number")).not.toHaveValue("");
  await page.getByLabel("Search templates").fill(name);
  await page.getByRole("radio", { name: new RegExp(name) }).check();
  await expect(page.getByLabel("Header image: image from")).toHaveValue("template");
  await expect(page.getByRole("img", { name: "Header image as it will be sent" })).toBeVisible();
  await page.getByLabel("Body {{1}}: column").selectOption("name");
  await expect(page.getByTestId("preview-body")).toHaveText("Hi Asha, our offer is in.");
  await shoot(page, "wizard-image-template");
  // A column of URLs and an upload are the other choices.
  await page.getByLabel("Header image: image from").selectOption("column");
  await page.getByLabel("Header image: column").selectOption("picture");
  await page.getByLabel("Header image: image from").selectOption("upload");
  await page
    .getByLabel("Header image: file")
    .setInputFiles({ name: "x.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Header image as it will be sent" })).toBeVisible();
  await shoot(page, "wizard-image-upload");
  await page.getByRole("button", { name: "Next" }).click();

  // Switched on, batches and retries start at values that work.
  await page.getByLabel("Send in batches").check();
  await expect(page.getByLabel("Recipients per batch")).toHaveValue("1000");
  await expect(page.getByLabel("Seconds between batches")).toHaveValue("60");
  await page.getByLabel("Retry failed recipients").check();
  await expect(page.getByLabel("Retries at most")).toHaveValue("3");
  await shoot(page, "wizard-delivery");
  await page.getByRole("button", { name: "Next" }).click();

  const review = page.getByTestId("review-message");
  await expect(review).toContainText("Hi Asha, our offer is in.");
  await expect(page.getByTestId("launch-summary")).toContainText("1000 recipients every 60 s");
  await shoot(page, "wizard-review");
});
