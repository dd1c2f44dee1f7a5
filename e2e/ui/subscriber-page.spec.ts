import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { apiKeyFor, signIn } from "./helpers";

/** A subscriber of the demo business with an attribute, a tag and an opt-in, made through the API. */
async function seedSubscriber(page: Page, suffix: string) {
  const { businessId, key } = await apiKeyFor(page);
  const headers = { "x-api-key": key };
  const audiences = `/api/v3/audiences/${businessId}`;
  const phone = `9198${String(Date.now()).slice(-8)}`;
  const plan = `plan_${suffix}`;
  const spend = `spend_${suffix}`;
  for (const data of [
    { key: plan, label: `Plan ${suffix}`, type: "choice", choices: ["Gold", "Silver"] },
    { key: spend, label: `Spend ${suffix}`, type: "number" },
  ])
    expect((await page.request.post(`${audiences}/attributes`, { headers, data })).status()).toBe(201);
  const f1 = await page.request.post("/api/v3/profile/upload", {
    headers,
    data: {
      profile: [
        {
          phone,
          countrycode: "IN",
          name: "Meera Iyer",
          tags: [`Loyal ${suffix}`],
          attributes: { [plan]: "Gold" },
        },
      ],
    },
  });
  expect(f1.status(), await f1.text()).toBe(200);
  const consent = await page.request.post(`${audiences}/consent`, {
    headers,
    data: { phone, action: "opt_in", wording: "Yes, send me offers on WhatsApp" },
  });
  expect(consent.status()).toBe(201);
  return { businessId, headers, audiences, phone, plan, spend };
}

test("the subscriber page: profile, tags, attributes, consent history and erasure", async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  await signIn(page, E2E_ADMIN);
  const s = await seedSubscriber(page, suffix);

  // From the Profiles table, the number opens its page.
  await page.goto(`/profiles?q=${s.phone}`);
  await page.getByRole("link", { name: `+${s.phone}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Meera Iyer (+${s.phone})` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Tags" })).toContainText(`Loyal ${suffix}`);
  await expect(page.getByTestId("consent-marketing")).toHaveText("Opted in");
  await expect(page.getByTestId("consent-utility")).toHaveText("Not known");
  await expect(page.getByRole("table", { name: "Consent history" })).toContainText(
    "Yes, send me offers on WhatsApp",
  );
  await checkAtBothWidths(page, "subscriber-page");

  // Tags: add one (created on the fly), remove the first.
  await page.getByLabel("Add a tag").fill(`Newsletter ${suffix}`);
  await page.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByRole("list", { name: "Tags" })).toContainText(`Newsletter ${suffix}`);
  await page.getByRole("button", { name: `Remove tag Loyal ${suffix}` }).click();
  await expect(page.getByRole("list", { name: "Tags" })).not.toContainText(`Loyal ${suffix}`);

  // Attributes: a value that does not fit its type is refused on its field; a good one is saved.
  await expect(page.getByLabel(`Plan ${suffix}`)).toHaveValue("Gold");
  await page.getByLabel(`Spend ${suffix}`).fill("lots");
  await page.getByRole("button", { name: "Save attributes" }).click();
  await expect(page.getByLabel(`Spend ${suffix}`)).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel(`Spend ${suffix}`).fill("1250.5");
  await page.getByLabel(`Plan ${suffix}`).selectOption("Silver");
  await page.getByRole("button", { name: "Save attributes" }).click();
  await expect(page.getByText("Attributes saved")).toBeVisible();
  const stored = await page.request.get(`${s.audiences}/subscribers/${s.phone}`, { headers: s.headers });
  expect((await stored.json()).attributes).toEqual({ [s.plan]: "Silver", [s.spend]: 1250.5 });

  // A bulk change on the Profiles search reaches this number (and only what the search matches).
  await page.goto(`/profiles?q=${s.phone}`);
  await page.getByRole("button", { name: "Change 1 matching" }).click();
  const bulk = page.getByRole("dialog", { name: "Change profiles" });
  await bulk.getByLabel("Tag").fill(`Bulk ${suffix}`);
  await bulk.getByRole("button", { name: "Change 1 profiles" }).click();
  await expect(page.getByText("1 profiles changed")).toBeVisible();
  await page.getByRole("link", { name: `+${s.phone}` }).click();
  await expect(page.getByRole("list", { name: "Tags" })).toContainText(`Bulk ${suffix}`);

  // The proof downloads as the API's CSV.
  const proof = await page.request.get(`/profiles/${s.phone}/consent`);
  expect(proof.status()).toBe(200);
  expect(await proof.text()).toMatch(
    /^phone,occurred_at_utc,action,kind,channel,source,source_ref,wording,event_id\r?\n/,
  );

  // Erasure asks first, then the page is gone (404) and the ledger keeps a tombstone.
  await page.getByRole("button", { name: "Erase subscriber" }).click();
  const confirm = page.getByRole("dialog", { name: `Erase +${s.phone}?` });
  await confirm.getByRole("button", { name: "Erase subscriber" }).click();
  await expect(page).toHaveURL(/\/profiles$/);
  expect((await page.request.get(`/profiles/${s.phone}`)).status()).toBe(404);
  const history = await (
    await page.request.get(`${s.audiences}/consent/${s.phone}`, { headers: s.headers })
  ).json();
  expect(history.events.map((e: { source: string }) => e.source)).toEqual(["erasure"]);
});

test("a number that is no subscriber, or is not a number, is a 404 page", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  expect((await page.request.get("/profiles/919000000000")).status()).toBe(404);
  expect((await page.request.get("/profiles/not-a-number")).status()).toBe(404);
});
