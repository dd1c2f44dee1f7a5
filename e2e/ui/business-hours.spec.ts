import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from "./a11y";
import { newBusiness } from "./inbox-helpers";
import { shot } from "./shot";

// A business's hours on /inbox/settings. Outside them the away notice answers a
// customer, and once an away flow is published the flow answers instead.

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/shots-hours";

async function look(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(250);
    await shot(page, `${SHOTS}/${name}-${width}.png`);
    await expectNoHorizontalScroll(page, `${name} at ${width}px`);
    await expectNoSeriousA11yViolations(page, `${name} at ${width}px`);
  }
}

/** The customer writes from the virtual phone; returns the phone's region. */
async function customerWrites(page: Page, number: string, text: string) {
  await page.goto(`/virtual-phone?number=${number}`);
  await page.getByRole("textbox", { name: `Reply as +${number}` }).fill(text);
  const phone = page.getByRole("region", { name: `Virtual phone +${number}` });
  await phone.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Reply sent")).toBeVisible();
  return phone;
}

test("an admin closes the business for a holiday; the away notice answers, then the away flow does", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { admin, businessId, key } = await newBusiness(page, browser);
  await admin.goto("/inbox/settings");
  const form = admin.getByRole("form", { name: "Business hours" });
  await expect(form.getByLabel("Time zone")).toHaveValue("UTC");
  await expect(form.getByLabel("Monday opens")).toHaveValue("09:00");

  // A time written the wrong way, and a holiday that is not a date: said under the fields.
  await form.getByLabel("Monday opens").fill("9am");
  await form.getByLabel("Holidays (closed all day)").fill("tomorrow");
  await form.getByRole("button", { name: "Save business hours" }).click();
  await expect(form.getByText("HH:MM, e.g. 09:00")).toBeVisible();
  await expect(form.getByText('"tomorrow" is not a date: write it as YYYY-MM-DD')).toBeVisible();
  await look(admin, "hours-errors");

  // Open every weekday, but today is a holiday in Kolkata: closed now whatever the hour.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  await form.getByLabel("Time zone").selectOption("Asia/Kolkata");
  await form.getByLabel("Monday opens").fill("09:00");
  await form.getByLabel("Holidays (closed all day)").fill(today);
  await form.getByLabel("Away notice").fill("We are closed today; we answer tomorrow from 09:00.");
  await form.getByRole("button", { name: "Save business hours" }).click();
  await expect(admin.getByText("Business hours saved")).toBeVisible();
  await admin.reload();
  await expect(form.getByLabel("Time zone")).toHaveValue("Asia/Kolkata");
  await expect(form.getByLabel("Holidays (closed all day)")).toHaveValue(today);
  await look(admin, "hours-saved");

  // No flow answers: the away notice does.
  const first = await customerWrites(admin, "919811133301", "hello?");
  await expect(first.getByText("We are closed today; we answer tomorrow from 09:00.")).toBeVisible({
    timeout: 20_000,
  });

  // An away flow, published: it answers the next customer instead of the notice.
  const created = await admin.request.post(`/api/v3/flows/${businessId}`, {
    headers: { "x-api-key": key },
    data: {
      name: "Closed today",
      definition: {
        triggers: [{ type: "away" }],
        start: "say",
        steps: [{ id: "say", type: "end", text: "Our bot here: we are closed, leave your order number." }],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const published = await admin.request.post(`/api/v3/flows/${businessId}/${id}/publish`, {
    headers: { "x-api-key": key },
  });
  expect(published.status()).toBe(200);
  const second = await customerWrites(admin, "919811133302", "hello?");
  await expect(second.getByText("Our bot here: we are closed, leave your order number.")).toBeVisible({
    timeout: 20_000,
  });
  await expect(second.getByText("We are closed today; we answer tomorrow from 09:00.")).toHaveCount(0);
});
