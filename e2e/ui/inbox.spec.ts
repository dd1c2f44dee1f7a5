import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from "./a11y";
import { approvedTemplate, chatappSender, sendOrder } from "./helpers";
import { createAgent, customerWrites, list, newBusiness, pane } from "./inbox-helpers";
import { runId, signInAgentFirstTime, type Agent } from "./people-helpers";
import { shot } from "./shot";

// The shared inbox from the customer's first reply to its reopening.
// The story runs in a business of its own (made from the operator console), so the agents that
// other specs leave Available in the demo business never take its conversations.

const SHOT = (name: string, width: number) => `/tmp/inbox-${name}-${width}.png`;

/** Screenshot, axe and no sideways page scroll at one width (the page as it is now). */
async function look(page: Page, name: string, width: 390 | 1280): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForTimeout(200);
  await shot(page, SHOT(name, width));
  await expectNoHorizontalScroll(page, `${name} at ${width}px`);
  await expectNoSeriousA11yViolations(page, `${name} at ${width}px`);
}

test("two customers reach two Available agents; answer, templates-only window, transfer, resolve, reopen", async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const { admin, adminEmail, businessId, key } = await newBusiness(page, browser);
  const tag = runId();
  const agents = [
    await createAgent(page.request, key, adminEmail, `Ana${tag}`),
    await createAgent(page.request, key, adminEmail, `Ben${tag}`),
    await createAgent(page.request, key, adminEmail, `Cai${tag}`),
  ];
  const pages: Page[] = [];
  for (const a of agents) pages.push(await signInAgentFirstTime(browser, a as Agent));
  // Agent 3 steps away with the status control in the header (on any page): routing never
  // gives it a conversation from then on.
  const status = pages[2]!.getByRole("combobox", { name: "Availability" });
  await expect(status).toHaveValue("Available");
  await status.selectOption("Away");
  await expect(status).toHaveValue("Away");
  // The control shows the choice at once; the server has it when G5 says so.
  await expect
    .poll(async () => {
      const res = await page.request.get(
        `/api/v1/business/user/${agents[2]!.userId}/status?apikey=${key}&email=${encodeURIComponent(adminEmail)}`,
      );
      return ((await res.json()) as { userStatus: string }).userStatus;
    })
    .toBe("Away");

  // The admin saves a reply the agents can insert with /thanks.
  await admin.goto("/inbox/settings");
  const saved = admin.getByRole("form", { name: "Add a saved reply" });
  await saved.getByRole("textbox", { name: "Name" }).fill("thanks");
  await saved.getByRole("textbox", { name: "Reply text" }).fill("Thank you for waiting!");
  await saved.getByRole("button", { name: "Create saved reply" }).click();
  await expect(admin.getByRole("list", { name: "Saved replies" })).toContainText("/thanks");

  // A template goes out to two customers of the simulator, who reply on the virtual phone.
  const { name: template } = await approvedTemplate(page.request, businessId, key, { prefix: "inbox" });
  const phoneNumberId = await chatappSender(page.request, businessId, key);
  const stamp = String(Date.now() % 10_000).padStart(4, "0");
  const numbers = [`9195${stamp}1001`, `9194${stamp}1001`];
  for (const to of numbers)
    await sendOrder(page.request, { businessId, key }, { name: template, phoneNumberId, to, order: "A-1" });
  // Agent 1 is on another page: the menu's count follows without a reload.
  await pages[0]!.goto("/calls");
  const inboxLink = pages[0]!.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Inbox/ });
  await expect(inboxLink).not.toHaveText(/unread/);
  await customerWrites(admin, numbers[0]!, "Where is my order?");
  await customerWrites(admin, numbers[1]!, "Can I change the address?");
  await expect(inboxLink).toHaveText(/Inbox\s*1 unread/);

  // Agents 1 and 2 hold one each, agent 3 (Away) none.
  const held: string[] = [];
  for (const [i, p] of pages.entries()) {
    await p.goto("/inbox?tab=mine&state=open");
    if (i === 2) {
      await expect(p.getByText("No conversations here")).toBeVisible();
      continue;
    }
    await expect(list(p).getByRole("link")).toHaveCount(1);
    const text = (await list(p).getByRole("link").innerText()).replace(/\s+/g, "");
    held.push(numbers.find((n) => text.includes(`+${n}`))!);
  }
  expect(new Set(held)).toEqual(new Set(numbers));
  const [mine1, mine2] = held as [string, string];

  // Agent 1 answers in free text: the preview shows WhatsApp's formatting, Ctrl+Enter sends.
  const a1 = pages[0]!;
  await expect(a1.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Inbox/ })).toHaveText(
    /Inbox\s*1 unread/,
  );
  await list(a1).getByRole("link").focus();
  await a1.keyboard.press("Enter");
  await expect(pane(a1).getByRole("heading", { name: new RegExp(`\\+${mine1}`) })).toBeVisible();
  await expect(a1.getByTestId("window-state")).toHaveText(/Window closes in 2[34] h \d+ min/);
  const reply = a1.getByRole("textbox", { name: "Reply" });
  await reply.fill("/tha");
  await expect(a1.getByRole("list", { name: "Matching saved replies" })).toContainText("/thanks");
  await reply.press("Enter");
  await expect(reply).toHaveValue("Thank you for waiting!");
  await reply.fill("Your order *ships today*");
  await expect(a1.getByTestId("reply-preview").locator(".font-semibold")).toHaveText("ships today");
  for (const width of [1280, 390] as const) await look(a1, "conversation", width);
  await a1.setViewportSize({ width: 1280, height: 900 });
  await reply.press("Control+Enter");
  await expect(reply).toHaveValue("");
  await expect(pane(a1).getByRole("log", { name: "Messages" })).toContainText("ships today");
  await admin.goto(`/virtual-phone?number=${mine1}`);
  await expect(admin.getByRole("region", { name: `Virtual phone +${mine1}` })).toContainText("Your order", {
    timeout: 20_000,
  });

  // An image with a caption, attached in the composer: the customer sees both, and the image
  // is public now (the provider fetches it), not before.
  const onePixel = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  await a1
    .getByLabel("Attach image or PDF")
    .setInputFiles({ name: "shelf.png", mimeType: "image/png", buffer: onePixel });
  await expect(a1.getByTestId("attachment")).toContainText("shelf.png");
  const caption = a1.getByRole("textbox", { name: "Caption" });
  await caption.fill("The shelf you asked about");
  for (const width of [390, 1280] as const) await look(a1, "attachment", width);
  await caption.press("Control+Enter");
  await expect(a1.getByTestId("attachment")).toHaveCount(0);
  await expect(pane(a1).getByRole("log", { name: "Messages" })).toContainText("The shelf you asked about");
  await admin.goto(`/virtual-phone?number=${mine1}`);
  const phone1 = admin.getByRole("region", { name: `Virtual phone +${mine1}` });
  await expect(phone1).toContainText("The shelf you asked about", { timeout: 20_000 });
  const src = await phone1.locator('img[src*="/templates/media/"]').first().getAttribute("src");
  const hash = src!.split("/").at(-1)!;
  const publicUrl = new URL(`/media/${businessId}/${hash}`, admin.url()).toString();
  const served = await fetch(publicUrl); // no cookies: as Meta fetches it
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer()).equals(onePixel)).toBe(true);

  // The customer panel at a phone's width: reached by its link, back to the conversation.
  await a1.setViewportSize({ width: 390, height: 900 });
  await a1.getByRole("link", { name: "Customer details" }).click();
  await expect(a1.getByRole("complementary", { name: "Customer" })).toBeVisible();
  await a1.getByRole("textbox", { name: "New note" }).fill("Asked twice about the order");
  await a1.getByRole("button", { name: "Add note" }).click();
  await expect(a1.getByRole("complementary", { name: "Customer" })).toContainText(
    "Asked twice about the order",
  );
  await look(a1, "panel", 390);
  await a1.getByRole("link", { name: "← Back to the conversation" }).click();
  await a1.getByRole("link", { name: "← Conversations" }).click();
  await look(a1, "list", 390);
  await a1.setViewportSize({ width: 1280, height: 900 });

  // Once the window has closed, only a template can go. The browser's clock is set 25 hours on
  // (Playwright's clock.setFixedTime): the composer follows the browser's clock, as it does
  // when a tab stays open past the deadline. The server refuses free text outside the window
  // on its own (lib/conversations/routing.int.test.ts and the API tests cover that).
  const a2 = pages[1]!;
  await a2.clock.setFixedTime(Date.now() + 25 * 3600 * 1000);
  await a2.goto("/inbox?tab=mine&state=open");
  await list(a2).getByRole("link").click();
  await expect(pane(a2).getByRole("heading", { name: new RegExp(`\\+${mine2}`) })).toBeVisible();
  await expect(a2.getByTestId("window-state")).toHaveText(/Window closed: templates only/);
  await expect(a2.getByRole("textbox", { name: "Reply" })).toHaveCount(0);
  await a2.getByRole("combobox", { name: "Template" }).selectOption({ label: `${template} (en_US)` });
  const first = a2.getByRole("textbox", { name: "Body {{1}}" });
  await first.fill("");
  await a2.getByRole("button", { name: "Send template" }).click();
  await expect(a2.getByText("Fill this in")).toBeVisible();
  await first.fill("Ravi");
  await expect(a2.getByTestId("template-preview")).toHaveText("Hello Ravi, your order A-1 has shipped.");
  for (const width of [1280, 390] as const) await look(a2, "template", width);
  await a2.setViewportSize({ width: 1280, height: 900 });
  await a2.getByRole("button", { name: "Send template" }).click();
  await expect(pane(a2).getByRole("log", { name: "Messages" })).toContainText(
    new RegExp(`template ${template}`, "i"),
  );

  // The business admin (a supervisor of every team) transfers agent 2's conversation to agent 1.
  await admin.goto("/inbox?tab=all&state=open");
  await list(admin)
    .getByRole("link", { name: new RegExp(`\\+${mine2}`) })
    .click();
  await pane(admin).getByRole("combobox", { name: "Assignee" }).selectOption(agents[0]!.userId);
  await pane(admin).getByRole("button", { name: "Transfer" }).click();
  const confirm = admin.getByRole("dialog", { name: "Transfer this conversation?" });
  await expect(confirm).toContainText(`from Ben${tag} to Ana${tag}`);
  await look(admin, "transfer", 1280);
  await confirm.getByRole("button", { name: "Transfer" }).click();
  await expect(pane(admin).getByTestId("conversation-assignee")).toHaveText(`Agent: Ana${tag}`);
  await look(admin, "inbox", 1280);

  // Agent 1 now holds both (live: its open page refreshes itself), and resolves the first (E).
  await a1.goto(`/inbox?tab=mine&state=open`);
  await expect(list(a1).getByRole("link")).toHaveCount(2);
  await list(a1)
    .getByRole("link", { name: new RegExp(`\\+${mine1}`) })
    .click();
  await expect(pane(a1).getByRole("heading", { name: new RegExp(`\\+${mine1}`) })).toBeVisible();
  await pane(a1)
    .getByRole("heading", { name: new RegExp(`\\+${mine1}`) })
    .click();
  await a1.keyboard.press("e");
  await expect(pane(a1).getByRole("button", { name: /Reopen/ })).toBeVisible();
  await expect(pane(a1)).toContainText("resolved");

  // The customer writes again: the conversation reopens with the same agent.
  await customerWrites(admin, mine1, "One more question");
  await expect(pane(a1).getByRole("button", { name: /Resolve/ })).toBeVisible({ timeout: 15_000 });
  await expect(pane(a1).getByTestId("conversation-assignee")).toHaveText(`Agent: Ana${tag}`);
  await expect(pane(a1).getByRole("log", { name: "Messages" })).toContainText("One more question");
  await look(a1, "reopened", 1280);
  await look(a1, "reopened", 390);

  // Search by number keeps everything in the URL; a filter narrows the list.
  await admin.goto("/inbox?tab=all&state=open");
  await admin.getByRole("searchbox", { name: "Search by number or name" }).fill(mine1.slice(0, 8));
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(new RegExp(`q=${mine1.slice(0, 8)}`));
  await expect(list(admin).getByRole("link")).toHaveCount(1);
  await expect(list(admin).getByRole("link")).toContainText(`+${mine1}`);

  // The admin's routing card on Settings: inline errors, then saved.
  await admin.goto("/inbox/settings");
  const routing = admin.getByRole("form", { name: "Conversation routing" });
  const limit = routing.getByRole("textbox", { name: "Open conversations per agent" });
  await expect(limit).toHaveValue("20");
  await limit.fill("0");
  await routing.getByRole("button", { name: "Update routing" }).click();
  await expect(routing.getByText("At least 1")).toBeVisible();
  await limit.fill("5");
  await routing.getByRole("button", { name: "Update routing" }).click();
  await expect(admin.getByText("Up to 5 open conversations per agent")).toBeVisible();
  await look(admin, "settings", 1280);
  await look(admin, "settings", 390);
});
