import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_OPERATOR } from "../accounts";
import { apiKeyFor, approvedTemplate, ORDER_BODY, signIn } from "./helpers";
import { shot } from "./shot";

const SHOTS = "/tmp/shots-ui-templates";
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("0000000d4948445200000001000000010806000000", "hex"),
  Buffer.alloc(64, 1),
]);
const suffix = () => Date.now().toString(36);

// The lifecycle tests walk several pages and wait for reviews and statuses.
test.describe.configure({ timeout: 180_000 });

/** Screenshots at phone and laptop width, with no horizontal page scroll at either. */
async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await shot(page, `${SHOTS}/${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * No serious or critical axe violations, by every rule axe runs by default (e2e/ui/a11y.ts's
 * check runs the WCAG 2.1 and best-practice tags only). In the page itself (legacy mode), as there.
 */
async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function createChatapp(
  page: Page,
  name: string,
  body = "Hello {{1}}, your order {{2}} is ready for pickup today.",
) {
  await page.goto("/templates/new/chatapp");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Body").fill(body);
  if (body.includes("{{1}}")) await page.getByLabel("Sample for {{1}}").fill("Asha");
  if (body.includes("{{2}}")) await page.getByLabel("Sample for {{2}}").fill("A-1001");
  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
}

test("send a test from an approved template, see it on the virtual phone, then delete it with its usage shown", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN);
  const name = `e2e_test_send_${suffix()}`;
  await createChatapp(page, name);
  // The page updates itself while PENDING: no reload here.
  await expect(page.getByTestId("template-status")).toContainText(/approved/i, { timeout: 30_000 });
  await expect(page.getByTestId("status-history")).toContainText("by simulator (provider)");
  await expect(page.getByTestId("status-history")).toContainText(/by \S+/);

  const card = page.getByRole("form", { name: "Send a test" });
  await expect(card.getByLabel("Body {{1}}")).toHaveValue("Asha");
  await expect(card.getByLabel("Body {{2}}")).toHaveValue("A-1001");
  await card.getByLabel("Body {{1}}").fill("Ravi");
  await card.getByLabel("Test number", { exact: true }).fill("+91 98123 40012");
  await card.getByRole("button", { name: "Send test" }).click();
  await expect(card.getByTestId("test-sent")).toBeVisible();
  await shots(page, "template-approved");
  await expectNoSeriousA11yViolations(page);

  await card.getByRole("link", { name: "See it on the virtual phone" }).click();
  await expect(page).toHaveURL(/virtual-phone\?number=919812340012/);
  await expect(page.getByText("Hello Ravi, your order A-1001 is ready for pickup today.")).toBeVisible();

  await page.goBack();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  // Usage counters follow the simulator's statuses.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("definition").first()).not.toHaveText("0", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${name}?` });
  await expect(dialog.getByTestId("delete-impact")).toContainText(/It was used: 1 sent/);
  await shot(page, `${SHOTS}/template-delete-1280.png`, { fullPage: false });
  await dialog.getByRole("button", { name: "Delete template" }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
});

test("an operator rejects; the admin sees who, edits and resubmits it, then duplicates it", async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, E2E_ADMIN);
  // The simulator leaves names containing "manual" for the operators.
  const name = `e2e_manual_life_${suffix()}`;
  await createChatapp(admin, name, "Your appointment with us is confirmed for tomorrow morning.");
  await expect(admin.getByText("This page updates itself")).toBeVisible();
  await shots(admin, "template-pending");

  const operator = await (await browser.newContext()).newPage();
  await signIn(operator, E2E_OPERATOR);
  await operator.goto("/console/templates");
  await operator.getByRole("row").filter({ hasText: name }).getByRole("button", { name: "Review" }).click();
  const review = operator.getByRole("dialog", { name: `Review ${name}` });
  await review
    .getByLabel("Reason (required to reject)")
    .fill(`Looks like marketing, not a utility message. ${"x".repeat(300)}`);
  await review.getByRole("button", { name: "Reject" }).click();
  await expect(review).toBeHidden();

  // No reload: the pending page refreshes itself.
  await expect(admin.getByTestId("template-status")).toContainText(/rejected/i, { timeout: 20_000 });
  await expect(admin.getByTestId("status-history")).toContainText("(operator)");
  await shots(admin, "template-rejected");
  await expectNoSeriousA11yViolations(admin);

  await admin.getByRole("link", { name: "Edit and resubmit" }).click();
  await expect(admin.getByLabel("Name")).toHaveValue(name);
  await expect(admin.getByLabel("Body")).toHaveValue(
    "Your appointment with us is confirmed for tomorrow morning.",
  );
  await admin
    .getByLabel("Body")
    .fill("Your appointment with us is confirmed for tomorrow at 10 in the morning.");
  await shots(admin, "template-edit");
  await admin.getByRole("button", { name: "Resubmit for approval" }).click();
  await expect(admin.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(admin.getByTestId("template-status")).toContainText(/pending/i);
  const history = admin.getByTestId("status-history").getByRole("listitem");
  await expect(history).toHaveCount(3);
  await expect(history.nth(2)).toContainText(/Edited and resubmitted/);

  await admin.getByRole("link", { name: "Duplicate" }).click();
  await expect(admin.getByLabel("Name")).toHaveValue(`${name}_copy`);
  await expect(admin.getByLabel("Body")).toHaveValue(/tomorrow at 10/);
  await admin.getByRole("button", { name: "Submit for approval" }).click();
  await expect(admin.getByRole("heading", { name: `${name}_copy`, level: 1 })).toBeVisible();
});

test("the templates filters and search live in the URL", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/templates");
  // Search first: with no match at all the table shows its empty state without the search box.
  await page.getByRole("searchbox", { name: "Search Templates" }).fill("e2e_");
  await expect(page).toHaveURL(/q=e2e_/);
  await page.getByLabel("Status").selectOption("APPROVED");
  await expect(page).toHaveURL(/status=APPROVED/);
  await page.getByLabel("Channel").selectOption("chatapp");
  await expect(page).toHaveURL(/channel=chatapp/);
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("APPROVED");
  await expect(page.getByLabel("Channel")).toHaveValue("chatapp");
  const rows = page.getByRole("table", { name: "Templates" }).getByRole("row");
  for (const text of await rows.allInnerTexts()) expect(text).not.toMatch(/pending|rejected/i);
  await expect(page).toHaveURL(/q=e2e_/);
  await shots(page, "templates-list");
  await expectNoSeriousA11yViolations(page);
});

test("the chatapp form's error banner goes once the fields are fixed", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/templates/new/chatapp");
  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByText("Some fields need attention.")).toBeVisible();
  await page.getByLabel("Name").fill(`e2e_fixed_${suffix()}`);
  await page.getByLabel("Body").fill("Your parcel is on its way and arrives tomorrow.");
  await expect(page.getByText("Some fields need attention.")).toBeHidden();
});

test("an RCS template with an uploaded image, served publicly for the RCS platform", async ({
  page,
  playwright,
}) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/templates/new/rcs");
  const name = `e2e_card_img_${suffix()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Title").fill("Summer sale");
  await page.getByLabel("Description").fill("Up to 50% off this week only.");
  await page.getByLabel("Card image").setInputFiles({ name: "card.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("button", { name: "Remove the uploaded image" })).toBeVisible();
  await shots(page, "template-new-rcs");
  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const json = await page.getByRole("region", { name: "Template JSON" }).textContent();
  const url = /"(https?:\/\/[^"]+\/media\/[0-9a-f-]{36}\/[0-9a-f]{64})"/.exec(json ?? "")?.[1];
  expect(url).toBeTruthy();
  const anonymous = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const res = await anonymous.get(new URL(url!).pathname);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/png");
  const other = await anonymous.get(new URL(url!).pathname.replace(/[0-9a-f]{64}$/, "0".repeat(64)));
  expect(other.status()).toBe(404);
});

test("send a test of a carousel (per-card images and values) and of a document template", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN);
  const { businessId, key } = await apiKeyFor(page);
  const headers = { "x-api-key": key };
  const card = page.getByRole("form", { name: "Send a test" });

  // A two-card carousel through D2: the card images travel as files.
  const form = new FormData();
  form.append(
    "template",
    JSON.stringify({
      name: `e2e_carousel_${suffix()}`,
      language: "en_US",
      category: "MARKETING",
      components: [
        { type: "BODY", text: "Hi {{1}}, picked for you today:", example: { body_text: [["Asha"]] } },
        {
          type: "CAROUSEL",
          cards: ["Fern", "Cactus"].map((plant) => ({
            components: [
              { type: "HEADER", format: "IMAGE" },
              { type: "BODY", text: `${plant} is {{1}} this week`, example: { body_text: [["new"]] } },
              {
                type: "BUTTONS",
                buttons: [
                  { type: "URL", text: "Buy", url: "https://shop.example.com/p/{{1}}", example: [plant] },
                ],
              },
            ],
          })),
        },
      ],
    }),
  );
  for (const i of [0, 1]) form.append("files", new Blob([PNG], { type: "image/png" }), `card${i}.png`);
  const created = await page.request.post(`/api/v1/template/media/${businessId}`, {
    headers,
    multipart: form,
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/templates/${id}`);
  await expect(page.getByTestId("template-status")).toContainText(/approved/i, { timeout: 30_000 });
  // Every card has its own image (the template's, pre-filled), variables and URL suffix.
  await expect(card.getByRole("group", { name: "Card 2" })).toBeVisible();
  await expect(card.getByLabel("Card 2 {{1}}", { exact: true })).toHaveValue("new");
  await expect(card.getByLabel('Card 2 Button "Buy" URL {{1}}')).toHaveValue("Cactus");
  await expect(card.getByRole("img", { name: "Card 1 image as it will be sent" })).toBeVisible();
  await card.getByLabel("Upload the card 1 image").setInputFiles({
    name: "fern.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await card.getByLabel("Card 2 image URL").fill("https://cdn.example.com/cactus.png");
  await expect(card.getByRole("img", { name: "Card 2 image as it will be sent" })).toBeHidden();
  await card.getByLabel("Card 1 {{1}}", { exact: true }).fill("fresh");
  await card.getByLabel("Test number", { exact: true }).fill("+91 98123 40013");
  await card.getByRole("button", { name: "Send test" }).click();
  await expect(card.getByTestId("test-sent")).toBeVisible();
  await shots(page, "template-carousel-test");

  // A DOCUMENT header: its URL comes with each send, and a wrong one is said on its field.
  const doc = await approvedTemplate(page.request, businessId, key, {
    prefix: "e2e_doc",
    components: [{ type: "HEADER", format: "DOCUMENT" }, ORDER_BODY],
  });
  await page.goto(`/templates/${doc.id}`);
  await card.getByLabel("Test number", { exact: true }).fill("+91 98123 40014");
  await card.getByLabel("Header document URL").fill("invoice.pdf");
  await card.getByRole("button", { name: "Send test" }).click();
  await expect(card.getByText("An http(s) URL of the document", { exact: false }).first()).toBeVisible();
  await card.getByLabel("Header document URL").fill("https://files.example.com/invoice.pdf");
  await card.getByRole("button", { name: "Send test" }).click();
  await expect(card.getByTestId("test-sent")).toBeVisible();
  await shots(page, "template-document-test");
  await expectNoSeriousA11yViolations(page);
});
