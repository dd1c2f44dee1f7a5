import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from "./a11y";
import { approvedTemplate, chatappSender, sendOrder } from "./helpers";
import { createAgent, customerWrites, list, newBusiness, pane } from "./inbox-helpers";
import { runId, signInAgentFirstTime, type Agent } from "./people-helpers";
import { shot } from "./shot";

// The inbox story walked again: what agents and admins hit daily.
// Each test runs in a business of its own, made from the operator console.

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/shots-inbox34";

/** Screenshot, axe and no sideways page scroll at one width (the height as given). */
async function look(page: Page, name: string, width: 390 | 1280, height = 800): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.waitForTimeout(250);
  await shot(page, `${SHOTS}/${name}-${width}.png`);
  await expectNoHorizontalScroll(page, `${name} at ${width}px`);
  await expectNoSeriousA11yViolations(page, `${name} at ${width}px`);
}

const onePixel = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Which of the agents' pages holds the one conversation (each looks at its Mine tab). */
async function holderOf(pages: Page[]): Promise<number> {
  for (const [i, p] of pages.entries()) {
    await p.goto("/inbox?tab=mine&state=open");
    if ((await list(p).getByRole("link").count()) === 1) return i;
  }
  throw new Error("no agent holds the conversation");
}

/** Sends a reply from the composer (Ctrl+Enter) and waits for it in the timeline (as shown). */
async function reply(page: Page, text: string, shown = text): Promise<void> {
  const box = page.getByRole("textbox", { name: "Reply" });
  await box.fill(text);
  await box.press("Control+Enter");
  await expect(box).toHaveValue("");
  await expect(pane(page).getByRole("log", { name: "Messages" })).toContainText(shown);
}

/** The element's box lies inside the window (what a user sees without scrolling). */
async function expectInWindow(page: Page, what: string, locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(
    box!.y + box!.height,
    `${what}: bottom ${box!.y + box!.height} in a ${height} px window`,
  ).toBeLessThanOrEqual(height);
}

test("a transfer reaches the losing agent in place; the inbox is full height; sent images and WhatsApp formatting show", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const { admin, adminEmail, businessId, key } = await newBusiness(page, browser);
  const tag = runId();
  const agents = [
    await createAgent(page.request, key, adminEmail, `Asha${tag}`),
    await createAgent(page.request, key, adminEmail, `Ben${tag}`),
  ];
  const pages: Page[] = [];
  for (const a of agents) pages.push(await signInAgentFirstTime(browser, a as Agent));
  const { name: template } = await approvedTemplate(page.request, businessId, key, { prefix: "inbox34" });
  const phoneNumberId = await chatappSender(page.request, businessId, key);
  const number = `9193${String(Date.now() % 10_000).padStart(4, "0")}2001`;
  await sendOrder(
    page.request,
    { businessId, key },
    { name: template, phoneNumberId, to: number, order: "A-7" },
  );
  await customerWrites(admin, number, "Where is my order?");

  const from = await holderOf(pages);
  const loser = pages[from]!;
  const winner = agents[1 - from]!;
  await list(loser).getByRole("link").click();
  await expect(pane(loser).getByRole("heading", { name: new RegExp(`\\+${number}`) })).toBeVisible();

  // Point 17: five replies and more; at 1,280 x 800 the list, the header with Resolve and the
  // composer stay in the window, the page itself does not scroll, only the timeline does.
  await loser.setViewportSize({ width: 1280, height: 800 });
  for (let i = 1; i <= 5; i++) await reply(loser, `Update ${i} on your order`);
  // Point 16: WhatsApp's formatting, as the customer's phone shows it.
  await reply(
    loser,
    "Your order *ships today* and _arrives Friday_",
    "Your order ships today and arrives Friday",
  );
  const log = pane(loser).getByRole("log", { name: "Messages" });
  await expectInWindow(loser, "the composer", loser.getByRole("textbox", { name: "Reply" }));
  await expectInWindow(loser, "the Send button", pane(loser).getByRole("button", { name: "Send" }));
  await expectInWindow(loser, "Resolve", pane(loser).getByRole("button", { name: /Resolve/ }));
  await expectInWindow(loser, "the conversation's heading", pane(loser).getByRole("heading", { level: 2 }));
  const sizes = await loser.evaluate(() => ({
    page: document.documentElement.scrollHeight - window.innerHeight,
    timeline: (() => {
      const t = document.querySelector('[role="log"][aria-label="Messages"]')!;
      return t.scrollHeight - t.clientHeight;
    })(),
  }));
  expect(sizes.page, "the page scrolls").toBeLessThanOrEqual(0);
  expect(sizes.timeline, "the timeline holds more than it shows").toBeGreaterThan(0);
  // Scrolled to the oldest message, the header and composer are still where they were.
  await log.evaluate((t) => (t.scrollTop = -t.scrollHeight));
  await expectInWindow(
    loser,
    "Resolve after scrolling",
    pane(loser).getByRole("button", { name: /Resolve/ }),
  );
  await expectInWindow(loser, "the composer after scrolling", loser.getByRole("textbox", { name: "Reply" }));
  await log.evaluate((t) => (t.scrollTop = 0));
  await look(loser, "full-height", 1280);
  await look(loser, "conversation", 390, 844);

  // Point 15: an image the agent sends shows in its own timeline, with its caption.
  await loser.setViewportSize({ width: 1280, height: 800 });
  await loser
    .getByLabel("Attach image or PDF")
    .setInputFiles({ name: "parcel.png", mimeType: "image/png", buffer: onePixel });
  await loser.getByRole("textbox", { name: "Caption" }).fill("Your parcel at the depot");
  await loser.getByRole("textbox", { name: "Caption" }).press("Control+Enter");
  await expect(loser.getByTestId("attachment")).toHaveCount(0);
  const sent = log.getByRole("listitem").filter({ hasText: "Your parcel at the depot" });
  const image = sent.getByTestId("message-media").locator("img");
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(1);
  await look(loser, "sent-image", 1280);

  // Point 16: the virtual phone shows *bold* bold and _italic_ italic, without the markers.
  await admin.goto(`/virtual-phone?number=${number}`);
  const phone = admin.getByRole("region", { name: `Virtual phone +${number}` });
  await expect(phone.locator(".font-semibold", { hasText: "ships today" })).toBeVisible({ timeout: 20_000 });
  await expect(phone.locator(".italic", { hasText: "arrives Friday" })).toBeVisible();
  await expect(phone).not.toContainText("*ships today*");
  await look(admin, "virtual-phone-formatting", 1280);
  await look(admin, "virtual-phone-formatting", 390, 844);

  // Point 14: the admin transfers it to the other agent while the losing agent has it open.
  await admin.goto("/inbox?tab=all&state=open");
  await list(admin)
    .getByRole("link", { name: new RegExp(`\\+${number}`) })
    .click();
  await pane(admin).getByRole("combobox", { name: "Assignee" }).selectOption(winner.userId);
  await pane(admin).getByRole("button", { name: "Transfer" }).click();
  await admin
    .getByRole("dialog", { name: "Transfer this conversation?" })
    .getByRole("button", { name: "Transfer" })
    .click();
  await expect(pane(admin).getByTestId("conversation-assignee")).toHaveText(`Agent: ${winner.name}`);
  // Pushed to the losing agent: its list drops it and the pane says so, without a reload.
  await expect(loser.getByText("This conversation is not in your inbox")).toBeVisible({ timeout: 10_000 });
  await expect(loser.getByRole("list", { name: "Conversations" })).toHaveCount(0);
  await expect(loser.getByText("No conversations here")).toBeVisible();
  await look(loser, "transferred-away", 1280);
  await look(loser, "transferred-away", 390, 844);
  // Opened again from a link (a bookmark, the browser's history): the same words, in place.
  await loser.reload();
  await expect(loser.getByRole("status").getByText("This conversation is not in your inbox")).toBeVisible();
  await expect(loser.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await expect(loser.getByText(/another business/)).toHaveCount(0);
});

test("the customer's name from the profile shows and is searched; any written number finds it; opening clears unread", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { admin, adminEmail, businessId, key } = await newBusiness(page, browser);
  const tag = runId();
  const agent = await createAgent(page.request, key, adminEmail, `Cai${tag}`);
  const agentPage = await signInAgentFirstTime(browser, agent as Agent);
  const number = `9198${String(Date.now() % 10_000).padStart(4, "0")}0011`;
  const ravi = `Ravi ${tag}`;
  const upload = await page.request.post("/api/v3/profile/upload", {
    headers: { "x-api-key": key },
    data: { profile: [{ phone: number, countrycode: "IN", name: ravi }] },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  expect(((await upload.json()) as { uploaded: number }).uploaded, "profile uploaded").toBe(1);
  const { name: template } = await approvedTemplate(page.request, businessId, key, { prefix: "inbox34n" });
  // The template's sample order is A-1; this customer got B-2.
  const phoneNumberId = await chatappSender(page.request, businessId, key);
  await sendOrder(
    page.request,
    { businessId, key },
    { name: template, phoneNumberId, to: number, order: "B-2" },
  );
  await customerWrites(admin, number, "Is it on the way?");
  await customerWrites(admin, number, "Hello?");

  // Point 18: the admin's list names the customer, and search finds them by name and by the
  // number as people write it.
  await admin.goto("/inbox?tab=all&state=open");
  await expect(list(admin).getByRole("link")).toHaveCount(1);
  await expect(list(admin).getByRole("link")).toContainText(ravi);
  const search = admin.getByRole("searchbox", { name: "Search by number or name" });
  const national = `${number.slice(2, 7)} ${number.slice(7)}`;
  for (const q of ["ravi", national, `+91 ${number.slice(2, 7)}-${number.slice(7)}`, `0${number.slice(2)}`]) {
    await search.fill(q);
    await admin.getByRole("button", { name: "Search" }).click();
    await expect(admin).toHaveURL(/[?&]q=/);
    await expect(list(admin).getByRole("link"), q).toHaveCount(1);
  }
  await search.fill("Priya");
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin.getByText("No conversations here")).toBeVisible();
  await search.fill(national);
  await admin.getByRole("button", { name: "Search" }).click();
  await look(admin, "search-by-number", 1280);
  await look(admin, "search-by-number", 390, 844);

  // Point 23: the list shows 2 unread to the agent holding it; opening it clears the count, in
  // the list and in the menu. The keyboard hint shows at 1,280, not on a phone.
  const nav = agentPage.getByRole("navigation", { name: "Main" });
  await agentPage.goto("/inbox?tab=mine&state=open");
  await expect(agentPage.getByText("Arrow keys or j/k move through the list")).toBeVisible();
  const item = list(agentPage).getByRole("link");
  await expect(item).toContainText(ravi);
  await expect(item).toContainText("2 unread");
  await expect(nav.getByRole("link", { name: /Inbox/ })).toHaveText(/1 unread/);
  await item.click();
  await expect(pane(agentPage).getByRole("heading", { name: new RegExp(ravi) })).toBeVisible();
  await expect(item).not.toContainText("unread");
  await expect(nav.getByRole("link", { name: /Inbox/ })).not.toHaveText(/unread/);
  await agentPage.reload();
  await expect(list(agentPage).getByRole("link")).not.toContainText("unread");
  await agentPage.goto("/inbox?tab=mine&state=open");
  await agentPage.setViewportSize({ width: 390, height: 844 });
  await expect(agentPage.getByText("Arrow keys or j/k move through the list")).toBeHidden();
  await look(agentPage, "list-phone", 390, 844);

  // Point 23: past the window, the template picker starts from the values this customer last
  // got (the order B-2, not the template's sample A-1).
  await agentPage.setViewportSize({ width: 1280, height: 800 });
  await agentPage.clock.setFixedTime(Date.now() + 25 * 3600 * 1000);
  await agentPage.goto("/inbox?tab=mine&state=open");
  await list(agentPage).getByRole("link").click();
  await expect(agentPage.getByTestId("window-state")).toHaveText(/Window closed: templates only/);
  await agentPage.getByRole("combobox", { name: "Template" }).selectOption({ label: `${template} (en_US)` });
  await expect(agentPage.getByRole("textbox", { name: "Body {{1}}" })).toHaveValue("Asha");
  await expect(agentPage.getByRole("textbox", { name: "Body {{2}}" })).toHaveValue("B-2");
  await expect(agentPage.getByTestId("template-preview")).toHaveText(
    "Hello Asha, your order B-2 has shipped.",
  );
  await look(agentPage, "template-prefill", 1280);

  // Points 21 and 23: the admin finds routing and saved replies under Inbox settings, beside
  // the Inbox in the menu (its own icon, not the Reply log's), and edits a saved reply.
  const menu = admin.getByRole("navigation", { name: "Main" });
  await admin.setViewportSize({ width: 1280, height: 800 });
  const icon = (name: string) =>
    menu.getByRole("link", { name, exact: true }).locator("svg path").getAttribute("d");
  expect(await icon("Inbox")).not.toEqual(await icon("Reply log"));
  await menu.getByRole("link", { name: "Inbox settings" }).click();
  await expect(admin.getByRole("heading", { name: "Inbox settings", level: 1 })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Inbox settings" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "Inbox", exact: true })).not.toHaveAttribute("aria-current");
  await expect(admin.getByRole("form", { name: "Conversation routing" })).toBeVisible();
  const add = admin.getByRole("form", { name: "Add a saved reply" });
  await add.getByRole("textbox", { name: "Name" }).fill("hours");
  await add.getByRole("textbox", { name: "Reply text" }).fill("We are open 9 to 5.");
  await add.getByRole("button", { name: "Create saved reply" }).click();
  const saved = admin.getByRole("list", { name: "Saved replies" });
  await expect(saved).toContainText("We are open 9 to 5.");
  await saved.getByRole("button", { name: "Edit /hours" }).click();
  const edit = admin.getByRole("form", { name: "Edit the saved reply /hours" });
  await edit.getByRole("textbox", { name: "Reply text" }).fill("");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByText("Write the reply")).toBeVisible();
  await look(admin, "saved-reply-edit", 1280);
  await look(admin, "saved-reply-edit", 390, 844);
  await admin.setViewportSize({ width: 1280, height: 800 });
  await edit.getByRole("textbox", { name: "Reply text" }).fill("We are open 9 to 6, Monday to Saturday.");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(saved).toContainText("We are open 9 to 6, Monday to Saturday.");
  await expect(saved).not.toContainText("We are open 9 to 5.");
  await admin.reload();
  await expect(admin.getByRole("list", { name: "Saved replies" })).toContainText(
    "9 to 6, Monday to Saturday",
  );
});
