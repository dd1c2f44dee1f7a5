import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from "./a11y";
import { customerWrites, list, newBusiness, pane } from "./inbox-helpers";
import { shot } from "./shot";

// A flow answers on the virtual phone with reply buttons the customer taps, and the
// inbox says which flow holds a conversation, with Take over for a person.

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/shots-flows";

async function look(page: Page, name: string, width: 390 | 1280): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await page.waitForTimeout(250);
  await shot(page, `${SHOTS}/${name}-${width}.png`);
  await expectNoHorizontalScroll(page, `${name} at ${width}px`);
  await expectNoSeriousA11yViolations(page, `${name} at ${width}px`);
}

const menu = {
  triggers: [{ type: "keyword", words: ["order"] }],
  start: "menu",
  steps: [
    {
      id: "menu",
      type: "ask",
      question: "How can we help?",
      expect: "choice",
      show: "buttons",
      choices: [
        { title: "Track", next: "track" },
        { title: "Talk to us", next: "human" },
      ],
      saveAs: "choice",
    },
    { id: "track", type: "end", text: "Tracking it for you." },
    { id: "human", type: "handover", text: "A colleague will answer." },
  ],
};

test("a flow's reply buttons are tapped on the virtual phone; the inbox shows the flow holding a conversation and a person takes over", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { admin, businessId, key } = await newBusiness(page, browser);
  const created = await admin.request.post(`/api/v3/flows/${businessId}`, {
    headers: { "x-api-key": key },
    data: { name: "Order menu", definition: menu },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const published = await admin.request.post(`/api/v3/flows/${businessId}/${id}/publish`, {
    headers: { "x-api-key": key },
  });
  expect(published.status()).toBe(200);

  // A customer taps "Track": the flow answers and completes.
  await customerWrites(admin, "919811122201", "order");
  const phone = admin.getByRole("region", { name: "Virtual phone +919811122201" });
  await expect(phone.getByText("How can we help?")).toBeVisible();
  const track = phone.getByRole("button", { name: "Track" });
  await expect(track).toBeEnabled({ timeout: 20_000 }); // tappable once delivered
  for (const width of [390, 1280] as const) await look(admin, "phone-buttons", width);
  await track.click();
  await expect(admin.getByText('Replied "Track"')).toBeVisible();
  await expect(phone.getByText("Tracking it for you.")).toBeVisible({ timeout: 20_000 });

  // Another customer is still at the question: the inbox says a flow has it.
  await customerWrites(admin, "919811122202", "order");
  await admin.goto("/inbox?tab=all&state=open");
  // The list says which flow has it, not "Waiting for an agent".
  const item = list(admin).getByRole("link", { name: /919811122202/ });
  await expect(item).toContainText("Flow: Order menu");
  await item.click();
  // The bot's question is marked as the flow's, with the buttons it offered.
  const question = pane(admin).getByRole("listitem", { name: /^Flow Order menu at / });
  await expect(question).toContainText("How can we help?");
  await expect(question.getByRole("list", { name: "Choices offered" }).getByRole("listitem")).toHaveText([
    "Track",
    "Talk to us",
  ]);
  const holds = pane(admin).getByTestId("flow-holds");
  await expect(holds).toContainText("A flow is handling this: Order menu (version 1), waiting at step menu");
  await expect(pane(admin).getByTestId("conversation-assignee")).toHaveText("Handled by a flow");
  for (const width of [390, 1280] as const) await look(admin, "inbox-flow-holds", width);
  await holds.getByRole("button", { name: "Take over" }).click();
  await expect(admin.getByText("You have the conversation; the flow stopped")).toBeVisible();
  await expect(pane(admin).getByTestId("flow-holds")).toHaveCount(0);
  await expect(pane(admin).getByTestId("conversation-assignee")).toHaveText("Agent: Supi");
});
