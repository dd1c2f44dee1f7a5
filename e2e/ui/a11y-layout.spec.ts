import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_OPERATOR } from "../accounts";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from "./a11y";
import { launchPromotion, promotionCsv } from "./campaign-page-helpers";
import { apiKeyFor, approvedTemplate, chatappSender, ORDER_BODY, sendOrder, signIn } from "./helpers";
import { createAgent, signInAgentFirstTime } from "./people-helpers";

// Every dashboard and console page, as the roles that use it, at a phone and a laptop
// width: no serious or critical axe violation and no sideways page scroll. Outside CI,
// screenshots go to /tmp/shots-ui-fixes for a human look (nothing asserts on them, so CI skips
// them). Checks are soft so one run lists every page that fails.
//
// The sideways-scroll check is cheap and runs everywhere; axe is the expensive part and runs
// once per distinct page markup and width. A path in LAYOUT_ONLY gets the scroll check only
// because another role's axe run covers the same markup (see each entry).

const WIDTHS = [390, 1280] as const;
const SHOTS = process.env.CI ? null : "/tmp/shots-ui-fixes";

/** who -> paths whose axe run another role's sweep already covers. */
const LAYOUT_ONLY: Record<string, string[]> = {
  // The same Swagger reference as the operator's, whose run also lists the internal operations
  // (a superset); the admin's shell is axe-checked on every other admin page.
  admin: ["/api-reference"],
  // The same form as the admin's /account/password; the agent's shell is checked on /calls.
  agent: ["/account/password"],
};

async function sweep(page: Page, who: string, paths: string[], widths: readonly number[] = WIDTHS) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await test.step(`${who} ${path} at ${width}px`, async () => {
        await page.goto(path);
        await expect(page.locator("h1").first()).toBeVisible();
        // Client components (tables, the reference) settle after hydration.
        await page.waitForLoadState("load");
        await page.waitForTimeout(300);
        const what = `${who} ${path} at ${width}px`;
        if (SHOTS) {
          const name = `${who}${path.replace(/[/?=&]+/g, "_")}-${width}`;
          await page
            .screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, timeout: 30_000 })
            .catch(() => {});
        }
        await expectNoHorizontalScroll(page, what, { soft: true });
        if (!LAYOUT_ONLY[who]?.includes(path)) {
          await expectNoSeriousA11yViolations(page, what, { soft: true });
        }
      });
    }
  }
}

/** An approved template and one message sent with it, so the detail pages have content. */
async function seedContent(request: APIRequestContext, businessId: string, key: string) {
  const headers = { "x-api-key": key };
  const { name, id: templateId } = await approvedTemplate(request, businessId, key, {
    prefix: "a11y",
    components: [ORDER_BODY, { type: "FOOTER", text: "Demo shop" }],
  });
  const phoneNumberId = await chatappSender(request, businessId, key);
  const endpoint = await request.post(`/api/v3/callbacks/${businessId}/endpoints`, {
    headers,
    data: { url: "https://127.0.0.1:9/a11y", events: ["message.status"], description: "a11y sweep" },
  });
  expect(endpoint.status(), await endpoint.text()).toBe(201);
  const { messageId } = await sendOrder(
    request,
    { businessId, key },
    { name, phoneNumberId, to: "919812340002" },
  );
  // A small campaign on the same template, for /campaigns/[id].
  const campaignId = await launchPromotion(
    request,
    { businessId, key },
    { name, phoneNumberId },
    promotionCsv(3),
  );
  return { templateId, messageId, campaignId };
}

const ADMIN_PAGES = (templateId: string, messageId: string, campaignId: string) => [
  "/templates",
  `/templates/${templateId}`,
  "/templates/new/chatapp",
  "/templates/new/rcs",
  "/messages",
  `/messages/${messageId}`,
  "/virtual-phone?number=919812340002",
  "/campaigns",
  "/campaigns/new",

  "/campaigns/lists",
  "/campaigns/opt-outs",

  `/campaigns/${campaignId}`,
  "/profiles",
  "/users",
  "/calls",
  "/callbacks",
  "/api-keys",
  "/settings",
  "/inbox/settings",
  "/api-reference",
  "/account/password",
  "/no-such-page",
];

// One test per width: 17 pages with axe each take minutes on a busy 2-core machine. The content
// they show is seeded once for both.
test.describe("business admin pages", () => {
  let seeded: { templateId: string; messageId: string; campaignId: string };
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await browser.newPage();
    await signIn(page, E2E_ADMIN);
    const { businessId, key } = await apiKeyFor(page);
    seeded = await seedContent(page.request, businessId, key);
    await page.context().close();
  });

  for (const width of WIDTHS) {
    test(`business admin pages at ${width} px: axe and no sideways scroll`, async ({ page }) => {
      test.setTimeout(480_000);
      await signIn(page, E2E_ADMIN);
      await sweep(page, "admin", ADMIN_PAGES(seeded.templateId, seeded.messageId, seeded.campaignId), [
        width,
      ]);
    });
  }
});

test("operator console pages: axe and no sideways scroll at 390 and 1280 px", async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, E2E_OPERATOR);
  await sweep(page, "operator", ["/console/businesses", "/console/templates", "/api-reference"]);
});

test("agent pages: axe and no sideways scroll at 390 and 1280 px", async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, E2E_ADMIN);
  const { key } = await apiKeyFor(page);
  const agent = await createAgent(request, key, "Sweep");
  const agentPage = await signInAgentFirstTime(browser, agent);
  await sweep(agentPage, "agent", ["/inbox", "/calls", "/account/password"]);
  await agentPage.context().close();
});
