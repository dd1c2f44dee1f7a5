import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { checkAtBothWidths } from "./both-widths";
import { hydrated } from "./helpers";
import { createAgent, customerWrites, list, newBusiness, pane } from "./inbox-helpers";
import { runId, signInAgentFirstTime, type Agent } from "./people-helpers";

// An admin builds an order flow on the canvas (keyword "order" -> reply
// buttons Track / Talk to us; Track asks for the order number, asks the business's own system
// over HTTP and answers with the status; Talk to us hands over to Support), tries it, publishes
// it; customers on the virtual phone go both ways; the agent gets the handover with the whole
// exchange; version 2 leaves a run in flight on version 1. (Outside business hours the away
// flow answers: e2e/ui/business-hours.spec.ts.)

/** The business's order system: GET /orders/<n> answers its status. */
async function startOrderSystem() {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? "");
    const n = /^\/orders\/(\d+)$/.exec(req.url ?? "")?.[1];
    if (!n) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ order: n, status: n === "4711" ? "shipped" : "packing" }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () => new Promise((r) => server.close(r)),
  };
}

const node = (page: Page, id: string) => page.getByTestId(`step-${id}`);

async function addStep(page: Page, type: string, id: string) {
  await page.getByRole("button", { name: "Flow settings" }).click(); // nothing selected: unconnected
  await page.getByLabel("Step type").selectOption(type);
  await page.getByRole("button", { name: "Add step" }).click();
  await expect(node(page, id)).toBeVisible();
}

async function open(page: Page, id: string) {
  // The canvas opens on the first steps at a readable zoom; the whole flow is one control away.
  await page.getByRole("region", { name: "Flow canvas" }).getByRole("button", { name: "Fit View" }).click();
  await node(page, id).getByRole("button").first().click();
  await expect(page.locator(`#step-form-${id}`)).toBeVisible();
}

/** Points the open step's output `label` at `target` ("Where it goes next"). */
async function connect(page: Page, label: string, target: string) {
  await page
    .getByRole("group", { name: "Where it goes next" })
    .getByLabel(label, { exact: true })
    .selectOption(target);
}

async function tap(page: Page, number: string, button: string) {
  await page.goto(`/virtual-phone?number=${number}`);
  const phone = page.getByRole("region", { name: `Virtual phone +${number}` });
  const b = phone.getByRole("button", { name: button }).last();
  await expect(b).toBeEnabled({ timeout: 20_000 }); // tappable once delivered
  await b.click();
  await expect(page.getByText(`Replied "${button}"`)).toBeVisible();
  return phone;
}

test("an order flow built on the canvas: tried, published, both ways taken, handed over, version 2 beside a run on 1", async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const orders = await startOrderSystem();
  try {
    const { admin, adminEmail, businessId, key } = await newBusiness(page, browser);
    const tag = runId();
    const agent = await createAgent(page.request, key, adminEmail, `Sam${tag}`);
    const agentPage = await signInAgentFirstTime(browser, agent as Agent);

    // The Support team, with the agent in it.
    await admin.goto("/users");
    await admin.getByRole("button", { name: "Create team" }).click();
    const create = admin.getByRole("dialog", { name: "Create team" });
    await create.getByLabel("Team name").fill("Support");
    const supervisor = create.getByLabel("Supervisor");
    await supervisor.selectOption(
      await supervisor.locator("option", { hasText: adminEmail }).getAttribute("value"),
    );
    await create.getByRole("button", { name: "Create team" }).click();
    await expect(create).toBeHidden();
    const add = admin.getByRole("group", { name: "Add members to Support" });
    await add.getByRole("checkbox", { name: new RegExp(agent.email) }).check();
    await add.getByRole("button", { name: "Add 1 member" }).click();
    await expect(admin.getByRole("list", { name: "Members of Support" })).toContainText(agent.email);

    // A test number for "Try it".
    const stamp = String(Date.now() % 100_000).padStart(5, "0");
    const testNumber = `91977${stamp}01`;
    await admin.goto("/settings");
    const numbers = admin.getByRole("form", { name: "Add a test number" });
    await hydrated(numbers.getByRole("button", { name: "Add" }));
    await numbers.getByLabel("Add a number").fill(`+${testNumber}`);
    await numbers.getByRole("button", { name: "Add" }).click();
    await expect(admin.getByRole("list", { name: "Test numbers" })).toContainText(testNumber);

    // The flow, on the canvas.
    await admin.goto("/flows");
    await hydrated(admin.getByRole("button", { name: "New flow" }).first());
    await admin.getByRole("button", { name: "New flow" }).first().click();
    await admin.getByRole("dialog").getByLabel("Name").fill("Orders");
    await admin.getByRole("dialog").getByRole("button", { name: "Create flow" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    const flowUrl = admin.url();
    const flowId = flowUrl.split("/").pop()!;

    // Triggers: the starter's keyword becomes "order", anywhere in the message.
    await admin.getByRole("button", { name: "Flow settings" }).click();
    const triggers = admin.getByRole("form", { name: "Triggers" });
    const first = triggers.getByRole("group", { name: "Trigger 1" });
    await first.getByLabel("Match").selectOption("contains");
    await first.getByLabel("Keywords").fill("order");
    await triggers.getByRole("button", { name: "Apply triggers" }).click();

    // ask_1: the menu as reply buttons.
    await addStep(admin, "ask", "ask_1");
    let form = admin.locator("#step-form-ask_1");
    await form.getByRole("textbox", { name: "Question" }).fill("Track your order or talk to us?");
    await form.getByLabel("Save the answer as").fill("choice");
    await form.getByLabel("The answer must be").selectOption("choice");
    await form.getByLabel("Offer the choices as").selectOption("buttons");
    for (const [i, title] of ["Track", "Talk to us"].entries()) {
      await form.getByRole("button", { name: "Add a choice" }).click();
      await form.getByLabel(`Choice ${i + 1}`, { exact: true }).fill(title);
    }
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(node(admin, "ask_1")).toContainText("Track");

    // ask_2: the order number.
    await addStep(admin, "ask", "ask_2");
    form = admin.locator("#step-form-ask_2");
    await form.getByRole("textbox", { name: "Question" }).fill("What is your order number?");
    await form.getByLabel("Save the answer as").fill("order");
    await form.getByLabel("The answer must be").selectOption("number");
    await form.getByRole("button", { name: "Apply" }).click();

    // http_request_1: the order system, its status saved as {{status}}.
    await addStep(admin, "http_request", "http_request_1");
    const http = admin.locator("#step-form-http_request_1");
    await http.getByLabel("Method").selectOption("GET");
    await http.getByRole("textbox", { name: "URL", exact: true }).fill(`${orders.base}/orders/{{order}}`);
    await http.getByRole("button", { name: "Add a field" }).click();
    await http.getByLabel("Field 1 path").fill("status");
    await http.getByLabel("Field 1 variable").fill("status");
    await http.getByRole("button", { name: "Apply" }).click();
    await expect(node(admin, "http_request_1")).toContainText("GET http://127.0.0.1");

    // send_text_1: the answer.
    await addStep(admin, "send_text", "send_text_1");
    form = admin.locator("#step-form-send_text_1");
    await form.getByLabel("Message").fill("Order {{order}} is {{status}}.");
    await form.getByRole("button", { name: "Apply" }).click();

    // handover_1: to Support.
    await addStep(admin, "handover", "handover_1");
    form = admin.locator("#step-form-handover_1");
    await form.getByLabel("Said before an agent takes over").fill("A colleague from Support will answer.");
    await form.getByLabel("Team").selectOption({ label: "Support" });
    await form.getByRole("button", { name: "Apply" }).click();

    // The ways between them.
    await open(admin, "greeting");
    await connect(admin, "next", "ask_1");
    await open(admin, "ask_1");
    await connect(admin, "Track", "ask_2");
    await connect(admin, "Talk to us", "handover_1");
    await connect(admin, "answered", "handover_1");
    await open(admin, "ask_2");
    await connect(admin, "answered", "http_request_1");
    await open(admin, "http_request_1");
    await connect(admin, "2xx", "send_text_1");
    await connect(admin, "failure", "handover_1");
    await open(admin, "send_text_1");
    await connect(admin, "next", "done");
    await expect(admin.getByText(/error\(s\)/)).toHaveCount(0);
    await admin.getByRole("button", { name: "Save draft" }).click();
    await expect(admin.getByText("draft saved", { exact: true })).toBeVisible();
    await checkAtBothWidths(admin, "flow-story-editor", { soft: true });
    await admin.setViewportSize({ width: 1280, height: 900 });

    // Try it: the draft on the test number, through the order system.
    await admin.getByLabel("Test number").selectOption(testNumber);
    await admin.getByLabel("The customer writes").fill("order");
    await admin.getByRole("button", { name: "Try the draft" }).click();
    const run = admin.getByRole("region", { name: "Test run" });
    await expect(run).toContainText("Track your order or talk to us?", { timeout: 20_000 });
    await run.getByLabel("Reply as the customer").fill("Track");
    await run.getByRole("button", { name: "Send" }).click();
    await expect(run).toContainText("What is your order number?", { timeout: 20_000 });
    await run.getByLabel("Reply as the customer").fill("4711");
    await run.getByRole("button", { name: "Send" }).click();
    await expect(run).toContainText("Order 4711 is shipped.", { timeout: 20_000 });
    await expect(run).toContainText("completed");
    expect(orders.asked).toEqual(["/orders/4711"]);

    await admin.getByRole("button", { name: "Publish" }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Publish" }).click();
    await expect(admin.getByText("published v1", { exact: true })).toBeVisible();

    // A customer goes the Track way on the virtual phone.
    const tracker = `91966${stamp}02`;
    await customerWrites(admin, tracker, "I have an ORDER question");
    let phone = await tap(admin, tracker, "Track");
    await expect(phone.getByText("What is your order number?")).toBeVisible({ timeout: 20_000 });
    await customerWrites(admin, tracker, "5150");
    await expect(phone.getByText("Order 5150 is packing.")).toBeVisible({ timeout: 20_000 });

    // Another asks for a person: Support's agent gets it, with the whole exchange.
    const talker = `91955${stamp}03`;
    await customerWrites(admin, talker, "order");
    phone = await tap(admin, talker, "Talk to us");
    await expect(phone.getByText("A colleague from Support will answer.")).toBeVisible({ timeout: 20_000 });
    await agentPage.goto("/inbox?tab=mine&state=open");
    await list(agentPage)
      .getByRole("link", { name: new RegExp(talker) })
      .click();
    const timeline = pane(agentPage);
    await expect(timeline.getByTestId("conversation-assignee")).toHaveText(`Agent: Sam${tag}`);
    const question = timeline.getByRole("listitem", { name: /^Flow Orders at / }).filter({
      hasText: "Track your order or talk to us?",
    });
    await expect(question.getByRole("list", { name: "Choices offered" })).toContainText("Talk to us");
    for (const text of [
      "order",
      "Hi! How can we help?",
      "Talk to us",
      "A colleague from Support will answer.",
    ])
      await expect(timeline.getByText(text, { exact: true }).first()).toBeVisible();
    await checkAtBothWidths(agentPage, "flow-story-handover", { soft: true });

    // A third customer is at the menu when version 2 is published: its run stays on version 1.
    const waiting = `91944${stamp}04`;
    await customerWrites(admin, waiting, "order");
    await expect(
      admin
        .getByRole("region", { name: `Virtual phone +${waiting}` })
        .getByText("Track your order or talk to us?"),
    ).toBeVisible({ timeout: 20_000 });
    await admin.goto(flowUrl);
    await open(admin, "ask_2");
    await admin
      .locator("#step-form-ask_2")
      .getByRole("textbox", { name: "Question" })
      .fill("Your order number, please (v2)?");
    await admin.locator("#step-form-ask_2").getByRole("button", { name: "Apply" }).click();
    await admin.getByRole("button", { name: "Save draft" }).click();
    await expect(admin.getByText("draft saved", { exact: true })).toBeVisible();
    await admin.getByRole("button", { name: "Publish" }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Publish" }).click();
    await expect(admin.getByText("published v2", { exact: true })).toBeVisible();
    phone = await tap(admin, waiting, "Track");
    await expect(phone.getByText("What is your order number?")).toBeVisible({ timeout: 20_000 });
    await expect(phone.getByText("Your order number, please (v2)?")).toHaveCount(0);
    const runs = await admin.request.get(`/api/v3/flows/${businessId}/${flowId}/runs`, {
      headers: { "x-api-key": key },
    });
    expect(runs.status()).toBe(200);
    const { runs: all } = (await runs.json()) as { runs: Array<{ version: number; state: string }> };
    expect(all.filter((r) => r.state === "waiting").map((r) => r.version)).toEqual([1]);

    // The next customer meets version 2.
    const later = `91933${stamp}05`;
    await customerWrites(admin, later, "order");
    phone = await tap(admin, later, "Track");
    await expect(phone.getByText("Your order number, please (v2)?")).toBeVisible({ timeout: 20_000 });
  } finally {
    await orders.close();
  }
});
