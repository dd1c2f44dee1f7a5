import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { apiKeyFor, approvedTemplate, signIn } from "./helpers";

// The wizard on a segment or tags (the audience frozen at launch as E1 freezes it) and with
// an A/B test: the count the wizard shows is the campaign page's, the variants and the
// holdout reach the campaign page's A/B table, with the winner to send to the rest after
// its test period. Both widths, axe.

type Creds = { businessId: string; key: string };

/** `n` subscribers with `tag` (names "Member 1".. ), numbers unique to this run. */
async function taggedSubscribers(
  request: APIRequestContext,
  { key }: Creds,
  tag: string,
  n: number,
  base: number,
) {
  const phones = Array.from({ length: n }, (_, i) => `9198${String(base + i).padStart(8, "0")}`);
  const res = await request.post("/api/v3/profile/upload", {
    headers: { "x-api-key": key },
    data: {
      profile: phones.map((phone, i) => ({ phone, countrycode: "IN", name: `Member ${i + 1}`, tags: [tag] })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return phones;
}

const runBase = () => 10_000_000 + (Date.now() % 80_000_000);

async function fillMessage(page: Page, template: string) {
  await page.getByLabel("Search templates").fill(template);
  await page.getByRole("radio", { name: new RegExp(template) }).check();
  await page.getByLabel("Body {{1}}: column").selectOption("name");
  await page.getByLabel("Body {{2}}: value from").selectOption("text");
  await page.getByLabel("Body {{2}}: text").fill("W-1");
}

test("the wizard launches to a segment: the live count it shows is the campaign page's recipients", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN);
  const creds = await apiKeyFor(page);
  const headers = { "x-api-key": creds.key };
  const tag = `wzseg-${Date.now().toString(36)}`;
  const phones = await taggedSubscribers(page.request, creds, tag, 12, runBase());
  const optOut = await page.request.post(`/api/v3/optouts/${creds.businessId}`, {
    headers,
    data: { phones: [phones[3]] },
  });
  expect(optOut.status()).toBe(200);
  const segment = await page.request.post(`/api/v3/audiences/${creds.businessId}/segments`, {
    headers,
    data: {
      name: `Segment ${tag}`,
      definition: { groups: [{ conditions: [{ kind: "tags", op: "any_of", tags: [tag] }] }] },
    },
  });
  expect(segment.status(), await segment.text()).toBe(201);
  const { name: template } = await approvedTemplate(page.request, creds.businessId, creds.key, {
    prefix: "wzseg",
  });

  await page.goto("/campaigns/new");
  await page.getByLabel("Campaign name").fill(`Segment campaign ${tag}`);
  await page.getByLabel("A segment").check();
  await page.getByRole("combobox", { name: "Segment" }).selectOption({ label: `Segment ${tag}` });
  await expect(page.getByTestId("audience-count")).toHaveText(
    "12 recipients match now (1 of them opted out).",
  );
  await expect(page.getByTestId("rows-preview")).toContainText(/Member \d+/);
  await checkAtBothWidths(page, "wizard-segment-audience");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("total-subscribers")).toHaveText("12");
  await page.getByRole("button", { name: "Next" }).click();
  await fillMessage(page, template);
  // A segment's variables come from profile fields and attributes, by their labels.
  await expect(page.getByLabel("Body {{1}}: column").locator("option", { hasText: /^Name$/ })).toHaveCount(1);
  await expect(page.getByTestId("preview-body")).toContainText(/Hello Member \d+/);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("dry-rows")).toHaveText("12");
  await expect(page.getByTestId("dry-optout")).toHaveText("1");
  await expect(page.getByTestId("dry-send")).toHaveText("11");
  await expect(page.getByTestId("launch-summary")).toContainText(`Segment ${tag}: 12 subscribers now`);
  await checkAtBothWidths(page, "wizard-segment-review");
  await page.getByTestId("launch").click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByTestId("audience-rows")).toHaveText("12");
  await expect(page.getByTestId("audience-optout")).toHaveText("1");
  await expect(page.getByTestId("audience-send")).toHaveText("11");
});

test("the wizard launches 2 variants with a 10% holdout on tags: the campaign page's A/B table has both arms and the holdout", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN);
  const creds = await apiKeyFor(page);
  const tag = `wzab-${Date.now().toString(36)}`;
  await taggedSubscribers(page.request, creds, tag, 40, runBase() + 1000);
  const { name: a } = await approvedTemplate(page.request, creds.businessId, creds.key, { prefix: "wzaba" });
  const { name: b } = await approvedTemplate(page.request, creds.businessId, creds.key, { prefix: "wzabb" });

  await page.goto("/campaigns/new");
  await page.getByLabel("Campaign name").fill(`A/B campaign ${tag}`);
  await page.getByLabel("Tags", { exact: true }).check();
  await page
    .getByRole("region", { name: "Tags to choose from" })
    .getByLabel(new RegExp(`^${tag}`))
    .check();
  await expect(page.getByTestId("audience-count")).toHaveText(
    "40 recipients match now (0 of them opted out).",
  );
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await fillMessage(page, a);
  await page.getByLabel("Test variants of this message").check();
  const variant = page.getByTestId("variant-1");
  await expect(variant.getByLabel("Variant name")).toHaveValue("B");
  // An inline error before Next: a holdout over half the audience.
  await page.getByLabel("Holdout: % of the audience sent nothing").fill("60");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("At most 50%: half the audience")).toBeVisible();
  await page.getByLabel("Holdout: % of the audience sent nothing").fill("10");
  await variant.getByRole("combobox", { name: "Template" }).selectOption({ label: `${b} (en_US)` });
  await variant.getByLabel("Body {{1}}: column").selectOption("name");
  await variant.getByLabel("Body {{2}}: value from").selectOption("text");
  await variant.getByLabel("Body {{2}}: text").fill("W-2");
  await expect(variant.getByTestId("preview-body")).toContainText("W-2");
  // Send the winner to the rest: half the others tested, the winner by click rate after 2 hours.
  await page
    .getByLabel("Test on part of the audience first, then send the best variant to the others")
    .check();
  const share = page.getByLabel("Test share: % of the audience outside the holdout");
  await expect(share).toHaveValue("20");
  await share.fill("4");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("At least 5%")).toBeVisible();
  await share.fill("50");
  await page.getByLabel("Test period (hours from the start)").fill("2");
  await page.getByLabel("Winner by").selectOption("clicked");
  await checkAtBothWidths(page, "wizard-ab-message");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("launch-summary")).toContainText(
    "holdout 10% (sent nothing); the winner by clicked rate sent to the rest after 2 h (50% of the others tested)",
  );
  // The holdout is counted before the launch, with the launch's own draw: 4 held out, 36 sent.
  await expect(page.getByTestId("dry-rows")).toHaveText("40");
  await expect(page.getByTestId("dry-holdout")).toHaveText("4");
  await expect(page.getByTestId("dry-send")).toHaveText("36");
  await expect(page.getByTestId("dry-holdout-split")).toContainText(
    "Of the 36 to be sent, 18 wait for the winning variant. The launch draws exactly these.",
  );
  await expect(page.getByTestId("launch-summary")).toContainText("36 will be sent (0 opted out, 4 held out");
  await checkAtBothWidths(page, "wizard-ab-review");
  await page.getByTestId("launch").click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByRole("table", { name: "A/B test arms" })).toBeVisible();
  await expect(page.getByTestId("arm-A")).toBeVisible();
  await expect(page.getByTestId("arm-B")).toBeVisible();
  await expect(page.getByTestId("arm-holdout")).toContainText("4");
  await expect(page.getByTestId("audience-holdout")).toHaveText("4");
  await expect(page.getByTestId("ab-winner")).toContainText(
    /Test running \(50% of the audience outside the holdout\): winner by click rate picked (at|2 hours after)/,
  );
  await expect(page.getByTestId("audience-send")).toHaveText("36");
  await checkAtBothWidths(page, "wizard-ab-campaign");

  // "Duplicate as new": the same tags (not a CSV step), the same message and A/B test.
  await page.getByRole("link", { name: "Duplicate as new" }).click();
  await page.waitForURL(/\/campaigns\/new\?from=/);
  await expect(page.getByLabel("Campaign name")).toHaveValue(`A/B campaign ${tag} (copy)`);
  await expect(page.getByLabel("Tags", { exact: true })).toBeChecked();
  await expect(
    page.getByRole("region", { name: "Tags to choose from" }).getByLabel(new RegExp(`^${tag}`)),
  ).toBeChecked();
  await expect(page.getByTestId("audience-count")).toHaveText(
    "40 recipients match now (0 of them opted out).",
  );
  await checkAtBothWidths(page, "wizard-duplicate-tags");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("radio", { name: new RegExp(a) })).toBeChecked();
  await expect(page.getByLabel("Body {{2}}: text").first()).toHaveValue("W-1");
  await expect(page.getByLabel("Test variants of this message")).toBeChecked();
  await expect(variant.getByLabel("Variant name")).toHaveValue("B");
  await expect(variant.getByRole("combobox", { name: "Template" })).toHaveValue(/.+/);
  await expect(variant.getByTestId("preview-body")).toContainText("W-2");
  await expect(page.getByLabel("Holdout: % of the audience sent nothing")).toHaveValue("10");
  await expect(share).toHaveValue("50");
  await expect(page.getByLabel("Test period (hours from the start)")).toHaveValue("2");
  await expect(page.getByLabel("Winner by")).toHaveValue("clicked");
  await checkAtBothWidths(page, "wizard-duplicate-ab");
});

test("the overview lists segments with their live counts, each linking to its builder", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ADMIN);
  const creds = await apiKeyFor(page);
  const tag = `wzov-${Date.now().toString(36)}`;
  await taggedSubscribers(page.request, creds, tag, 3, runBase() + 3000);
  const created = await page.request.post(`/api/v3/audiences/${creds.businessId}/segments`, {
    headers: { "x-api-key": creds.key },
    data: {
      name: `Overview ${tag}`,
      definition: { groups: [{ conditions: [{ kind: "tags", op: "any_of", tags: [tag] }] }] },
    },
  });
  expect(created.status()).toBe(201);
  await page.goto("/overview");
  const card = page.getByTestId("overview-segments");
  const row = card.getByRole("row", { name: new RegExp(`Overview ${tag}`) });
  await expect(row).toContainText("3");
  await checkAtBothWidths(page, "overview-segments");
  await row.getByRole("link", { name: `Overview ${tag}` }).click();
  await page.waitForURL(new RegExp(`/profiles/segments/${(await created.json()).id}$`));
});
