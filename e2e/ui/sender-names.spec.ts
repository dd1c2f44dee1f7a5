import { writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths, SHOTS } from "./both-widths";
import { apiKeyFor, approvedTemplate, ORDER_BODY, signIn } from "./helpers";

// A sender is shown by its name and number ("Demo Business (+91 98…)"),
// never by its raw simulator id (sim0123456789ab), wherever it is picked or shown.
const RAW_ID = /\bsim[0-9a-f]{12}\b|\bsim_agent_[0-9a-f]{12}\b/;
const NAMED = /Demo Business \(\+91 98\d{3} \d{5}\)/;

test("routing settings, the messages page and the campaign wizard name each sender", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signIn(page, E2E_ADMIN);

  await page.goto("/inbox/settings");
  const routing = page.getByRole("form", { name: "Conversation routing" });
  await expect(routing.getByLabel(NAMED)).toBeVisible();
  await expect(routing).not.toContainText(RAW_ID);
  await checkAtBothWidths(page, "p19-inbox-settings", { prefix: `${SHOTS}/` });

  await page.goto("/messages");
  const rates = page.getByRole("list", { name: "Senders" });
  await expect(rates).toContainText(NAMED);
  await expect(rates).not.toContainText(RAW_ID);

  const { businessId, key } = await apiKeyFor(page);
  const { name: template } = await approvedTemplate(request, businessId, key, {
    prefix: "p19",
    components: [ORDER_BODY],
    category: "MARKETING",
  });
  const file = `/tmp/p19-${Date.now().toString(36)}.csv`;
  writeFileSync(file, "phone,name\n919876500001,Asha\n919876500002,Ravi\n");
  await page.goto("/campaigns/new");
  await page.getByLabel("Campaign name").fill("Sender names");
  await page.getByTestId("csv-file").setInputFiles(file);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByTestId("dry-run").click();
  await expect(page.getByTestId("dry-run-totals")).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "3. Message" })).toBeVisible();
  const sender = page.getByLabel("Sender number");
  await expect(sender.locator("option", { hasText: NAMED })).toHaveCount(1);
  await expect(sender).not.toContainText(RAW_ID);
  await sender.selectOption({ label: (await sender.locator("option", { hasText: NAMED }).textContent())! });
  await page.getByLabel("Search templates").fill(template);
  await page.getByRole("radio", { name: new RegExp(template) }).check();
  await checkAtBothWidths(page, "p19-wizard-message", { prefix: `${SHOTS}/`, soft: true });
});
