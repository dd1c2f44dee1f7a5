import { expect, test } from "@playwright/test";
import { E2E_ADMIN, E2E_OPERATOR } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { apiKeyFor, approvedTemplate, chatappSender, ORDER_BODY, sendOrder, signIn } from "./helpers";

// The operator's system page shows the queues, the last hours' messages, a failing
// callback endpoint, the worker processes and the largest tables, from the live server; a
// business admin is refused it.

test("the operator's system page: queues, messages, a failing endpoint, workers and tables", async ({
  page,
  request,
}) => {
  await signIn(page, E2E_ADMIN);
  const { businessId, key } = await apiKeyFor(page);
  const headers = { "x-api-key": key };
  // An endpoint where nothing listens (port 9, discard): its deliveries fail and wait for a retry.
  const url = `http://127.0.0.1:9/system-e2e-${Date.now().toString(36)}`;
  const endpoint = await request.post(`/api/v3/callbacks/${businessId}/endpoints`, {
    headers,
    data: { url, events: ["message.status"], description: "system page e2e" },
  });
  expect(endpoint.status(), await endpoint.text()).toBe(201);
  const { name } = await approvedTemplate(request, businessId, key, {
    prefix: "e2e_system",
    components: [ORDER_BODY],
  });
  const phoneNumberId = await chatappSender(request, businessId, key);
  await sendOrder(request, { businessId, key }, { name, phoneNumberId, to: "919812399001", order: "A-9" });

  // A business admin is refused the console's page (the role table), by status.
  const refused = await page.request.get("/console/system", { maxRedirects: 0 });
  expect([303, 307, 403]).toContain(refused.status());

  await signIn(page, E2E_OPERATOR);
  const failing = page.getByRole("table", { name: "Failing callback endpoints" });
  // The first attempt fails at once; the page reads it on its next load.
  await expect(async () => {
    await page.goto("/console/system");
    await expect(failing.getByRole("row").filter({ hasText: url })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const row = failing.getByRole("row").filter({ hasText: url });
  await expect(row).toContainText("Demo");
  await expect(row).not.toContainText("—");

  const summary = page.getByRole("definition");
  await expect(summary.nth(1)).toHaveText(/^[1-9]\d* of [1-9]\d*$/);
  await expect(
    page.getByRole("img", { name: /^[1-9][\d,]* messages in the last \d+ hours, by status: / }),
  ).toBeVisible();
  const queues = page.getByRole("table", { name: "Job queues" });
  await expect(queues.getByRole("row")).not.toHaveCount(1);
  const workers = page.getByRole("table", { name: "Worker processes" });
  await expect(workers.getByRole("row").filter({ hasText: "alive" }).first()).toBeVisible();
  const tables = page.getByRole("table", { name: "Largest tables" });
  await expect(tables.getByRole("row").filter({ hasText: "public." }).first()).toBeVisible();
  await checkAtBothWidths(page, "console-system");
});
