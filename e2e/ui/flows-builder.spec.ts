import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths, SHOTS } from "./both-widths";
import { hydrated, signIn } from "./helpers";
import { shot } from "./shot";

// The flow builder: create a flow, add a question with buttons and a branch on the canvas,
// see the inline problems, fix them by connecting the steps, save, publish, export, import
// (a broken file refused with its paths first), and try the draft on a test number.

const stamp = String(Date.now() % 1_000_000).padStart(6, "0");
const testNumber = `9198${stamp}77`;

async function addTestNumber(page: Page) {
  await page.goto("/settings");
  const card = page.getByRole("form", { name: "Add a test number" });
  await hydrated(card.getByRole("button", { name: "Add" }));
  await card.getByLabel("Add a number").fill(`+${testNumber}`);
  await card.getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("list", { name: "Test numbers" })).toContainText(testNumber);
}

const node = (page: Page, id: string) => page.getByTestId(`step-${id}`);

test("builds, checks, publishes, exports, imports and tries a flow", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, E2E_ADMIN);
  await addTestNumber(page);

  await page.goto("/flows");
  await hydrated(page.getByRole("button", { name: "New flow" }).first());
  await checkAtBothWidths(page, "flows-list");
  await page.getByRole("button", { name: "New flow" }).first().click();
  const name = `Order help ${stamp}`;
  await page.getByRole("dialog").getByLabel("Name").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create flow" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const flowUrl = page.url();
  await expect(node(page, "greeting")).toBeVisible();

  // A question with reply buttons: added unconnected, so the canvas says so on the step.
  await page.getByLabel("Step type").selectOption("ask");
  await page.getByRole("button", { name: "Add step" }).click();
  await expect(node(page, "ask_1")).toContainText("Not connected");
  const form = page.locator("#step-form-ask_1");
  await form.getByRole("textbox", { name: "Question" }).fill("Is it about an order?");
  await form.getByLabel("The answer must be").selectOption("choice");
  await form.getByLabel("Offer the choices as").selectOption("buttons");
  for (const [i, title] of ["Yes", "No", "Maybe", "Later"].entries()) {
    await form.getByRole("button", { name: "Add a choice" }).click();
    await form.getByLabel(`Choice ${i + 1}`, { exact: true }).fill(title);
  }
  await form.getByRole("button", { name: "Apply" }).click();
  // Four buttons: the format's own rule, shown inline in the panel.
  await expect(node(page, "ask_1")).toContainText("At most 3 reply buttons");
  await expect(page.getByRole("button", { name: "Save draft" })).toBeDisabled();
  await form.getByRole("button", { name: "Remove choice 4" }).click();
  await form.getByRole("button", { name: "Remove choice 3" }).click();
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(node(page, "ask_1")).toContainText("Yes");
  await expect(node(page, "ask_1")).toContainText("No");

  // A branch after the question (added from the selected step's free output).
  await page.getByLabel("Step type").selectOption("branch");
  await page.getByRole("button", { name: "Add step" }).click();
  await expect(node(page, "branch_1")).toContainText("leads nowhere");
  await checkAtBothWidths(page, "flow-editor-problems", { soft: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Fix: drag the greeting's output onto the question, and send the branch's ways to the end.
  await node(page, "greeting")
    .locator('.react-flow__handle[data-handleid="next"]')
    .dragTo(node(page, "ask_1").locator(".react-flow__handle.target"), { force: true });
  await expect(node(page, "ask_1")).not.toContainText("Not connected");
  await node(page, "branch_1").getByRole("button").first().click();
  const outs = page.getByRole("group", { name: "Where it goes next" });
  await outs.getByLabel("otherwise").selectOption("done");
  await outs.getByLabel(/^rule 1|is set$/).selectOption("done");
  await expect(node(page, "branch_1")).not.toContainText("leads nowhere");
  await expect(page.getByText(/warning\(s\)|error\(s\)/)).toHaveCount(0);

  // Undo and redo the last connection.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(node(page, "branch_1")).toContainText("leads nowhere");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(node(page, "branch_1")).not.toContainText("leads nowhere");

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("draft saved", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("published v1", { exact: true })).toBeVisible();
  await checkAtBothWidths(page, "flow-editor", { soft: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Export: the draft as a file.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const file = JSON.parse(readFileSync(await (await download).path(), "utf8"));
  expect(file).toMatchObject({ format: "switchboard.flow", name, definition: { start: "greeting" } });

  // Import: a broken copy is refused with the mistake's path; the good one becomes a new draft.
  await page.goto("/flows");
  await hydrated(page.getByRole("button", { name: "Import" }));
  await page.getByRole("button", { name: "Import" }).click();
  const dialog = page.getByRole("dialog");
  const broken = structuredClone(file);
  broken.definition.steps[0].next = "nowhere";
  await dialog.getByLabel("Or paste the JSON").fill(JSON.stringify(broken));
  await dialog.getByLabel("Name").fill(`Imported ${stamp}`);
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByText("No step nowhere")).toBeVisible();
  await checkAtBothWidths(page, "flows-import-error", { soft: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByLabel("Or paste the JSON").fill(JSON.stringify(file));
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Imported ${stamp}` })).toBeVisible();

  // Try it: the draft runs for the test number; the customer's answer goes on through the branch.
  await page.goto(flowUrl);
  await hydrated(page.getByRole("button", { name: "Try the draft" }));
  await page.getByLabel("Test number").selectOption(testNumber);
  await page.getByLabel("The customer writes").fill("something");
  await page.getByRole("button", { name: "Try the draft" }).click();
  const run = page.getByRole("region", { name: "Test run" });
  await expect(run).toContainText('sent "Hi! How can we help?"', { timeout: 20_000 });
  await expect(run).toContainText("Is it about an order?");
  await run.getByLabel("Reply as the customer").fill("Yes");
  await run.getByRole("button", { name: "Send" }).click();
  await expect(run).toContainText("completed", { timeout: 20_000 });
  await expect(run).toContainText('answer "Yes" taken');

  await page.goto("/flows/runs");
  await expect(page.getByRole("table", { name: "Flow runs" })).toContainText("draft (test)");
  await checkAtBothWidths(page, "flow-runs", { soft: true });
});

const positionOf = (page: Page, id: string) =>
  page.locator(`.react-flow__node[data-id="${id}"]`).evaluate((el) => (el as HTMLElement).style.transform);

// The forms of the HTTP request, wait and trigger (no JSON typed), and a dragged step's place
// kept with the draft across a reload until Auto layout.
test("builds an HTTP request, a wait and a keyword trigger through forms; keeps a dragged step's place", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN);
  await page.goto("/flows");
  await hydrated(page.getByRole("button", { name: "New flow" }).first());
  await page.getByRole("button", { name: "New flow" }).first().click();
  const name = `Forms ${stamp}`;
  await page.getByRole("dialog").getByLabel("Name").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create flow" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(node(page, "greeting")).toBeVisible();

  // The HTTP request: method, URL with a variable, a header, a JSON body (a broken one is
  // shown inline), a timeout over 10 s refused, a response field saved to a variable.
  await page.getByLabel("Step type").selectOption("http_request");
  await page.getByRole("button", { name: "Add step" }).click();
  const http = page.locator("#step-form-http_request_1");
  await http.getByLabel("Method").selectOption("PUT");
  await http.getByRole("textbox", { name: "URL", exact: true }).fill("https://shop.example/orders/{{order}}");
  await http.getByRole("button", { name: "Add a header" }).click();
  await http.getByLabel("Header 1 name").fill("X-Shop");
  await http.getByLabel("Header 1 value").fill("north");
  await http.getByLabel("JSON body").fill('{"order": {{order}}, "note": ');
  await http.getByLabel("Timeout (seconds)").fill("20");
  await http.getByRole("button", { name: "Add a field" }).click();
  await http.getByLabel("Field 1 path").fill("order.status");
  await http.getByLabel("Field 1 variable").fill("Status!");
  await http.getByRole("button", { name: "Apply" }).click();
  await expect(http.getByText(/^Not JSON:/)).toBeVisible();
  await expect(http.getByText("At most 10 s", { exact: true })).toBeVisible();
  await expect(http.getByText("Lower case letters, digits and _, starting with a letter")).toBeVisible();
  await expect(http.getByLabel("JSON body")).toHaveAttribute("aria-invalid", "true");
  // The viewport only: a full-page shot can briefly resize the page past the phone breakpoint,
  // which remounts the panel and drops the unapplied edits.
  await http.getByLabel("Timeout (seconds)").scrollIntoViewIfNeeded();
  await shot(page, `${SHOTS}/flow-forms-http-errors.png`, { fullPage: false });
  await http.getByLabel("JSON body").fill('{"order": {{order}}, "note": "{{name}}"}');
  await http.getByLabel("Timeout (seconds)").fill("3");
  await http.getByLabel("Field 1 variable").fill("status");
  await http.getByRole("button", { name: "Apply" }).click();
  await expect(node(page, "http_request_1")).toContainText("PUT https://shop.example/orders/{{order}}");
  await checkAtBothWidths(page, "flow-forms-http", { soft: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A wait after its success (added from the selected step's free output): 31 days is too long.
  await node(page, "http_request_1").getByRole("button").first().click();
  await page.getByLabel("Step type").selectOption("wait");
  await page.getByRole("button", { name: "Add step" }).click();
  const wait = page.locator("#step-form-wait_1");
  await wait.getByLabel("Wait for").fill("31");
  await wait.getByLabel("Unit").selectOption("days");
  await wait.getByRole("button", { name: "Apply" }).click();
  await expect(wait.getByText("At most 30 days", { exact: true })).toBeVisible();
  await wait.getByLabel("Wait for").fill("2");
  await wait.getByLabel("Unit").selectOption("hours");
  await wait.getByRole("button", { name: "Apply" }).click();
  await expect(node(page, "wait_1")).toContainText("waits 2 hours");
  const outs = page.getByRole("group", { name: "Where it goes next" });
  await outs.getByLabel("next").selectOption("done");
  await node(page, "http_request_1").getByRole("button").first().click();
  await outs.getByLabel("failure").selectOption("done");
  await node(page, "greeting").getByRole("button").first().click();
  await outs.getByLabel("next").selectOption("http_request_1");

  // A second trigger: keywords that a message contains, on RCS only (none given: refused inline).
  await page.getByRole("button", { name: "Flow settings" }).click();
  const triggers = page.getByRole("form", { name: "Triggers" });
  await triggers.getByRole("button", { name: "Add a trigger" }).click();
  const second = triggers.getByRole("group", { name: "Trigger 2" });
  await second.getByLabel("Match").selectOption("contains");
  await triggers.getByRole("button", { name: "Apply triggers" }).click();
  await expect(second.getByText("Add a keyword", { exact: true })).toBeVisible();
  await second.getByLabel("Keywords").fill("order\nstatus");
  await second.getByLabel("RCS").check();
  await triggers.getByRole("button", { name: "Apply triggers" }).click();
  await expect(second.getByText("Add a keyword", { exact: true })).toHaveCount(0);
  // At phone width the settings (with the triggers) open from the list's first item.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.locator("summary", { hasText: "Flow settings" }).click();
  await expect(page.getByRole("group", { name: "Trigger 2" })).toBeVisible();
  await checkAtBothWidths(page, "flow-forms-triggers", { soft: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  // {{order}} and {{name}} come from nowhere yet: warnings, no errors (the draft saves).
  await expect(page.getByText("2 warning(s)")).toBeVisible();

  // Drag the end step down: its place is part of the draft. (The canvas opens on the first
  // steps; Fit View shows them all.)
  await page.getByRole("region", { name: "Flow canvas" }).getByRole("button", { name: "Fit View" }).click();
  const auto = await positionOf(page, "done");
  const box = (await node(page, "done").boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 12);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 140, { steps: 10 });
  await page.mouse.up();
  const dragged = await positionOf(page, "done");
  expect(dragged).not.toBe(auto);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("draft saved", { exact: true })).toBeVisible();

  // After a reload: the forms show what was applied, and the dragged step is where it was left.
  await page.reload();
  await expect(node(page, "done")).toBeVisible();
  await hydrated(page.getByRole("button", { name: "Auto layout" }));
  expect(await positionOf(page, "done")).toBe(dragged);
  await shot(page, `${SHOTS}/flow-forms-reloaded.png`, { fullPage: false });
  const second2 = page.getByRole("form", { name: "Triggers" }).getByRole("group", { name: "Trigger 2" });
  await expect(second2.getByLabel("Keywords")).toHaveValue("order\nstatus");
  await expect(second2.getByLabel("Match")).toHaveValue("contains");
  await expect(second2.getByLabel("RCS")).toBeChecked();
  await expect(second2.getByLabel("WhatsApp")).not.toBeChecked();
  await node(page, "http_request_1").getByRole("button").first().click();
  await expect(http.getByLabel("Method")).toHaveValue("PUT");
  await expect(http.getByLabel("Header 1 name")).toHaveValue("X-Shop");
  await expect(http.getByLabel("Timeout (seconds)")).toHaveValue("3");
  await expect(http.getByLabel("Field 1 path")).toHaveValue("order.status");
  await node(page, "wait_1").getByRole("button").first().click();
  await expect(wait.getByLabel("Wait for")).toHaveValue("2");
  await expect(wait.getByLabel("Unit")).toHaveValue("hours");

  // Auto layout puts it back where dagre has it; undo brings the dragged place back.
  await page.getByRole("button", { name: "Auto layout" }).click();
  await expect.poll(() => positionOf(page, "done")).toBe(auto);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(() => positionOf(page, "done")).toBe(dragged);
});

const xyOf = (transform: string) => {
  const m = /translate\((-?[\d.]+)px, ?(-?[\d.]+)px\)/.exec(transform);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : { x: NaN, y: NaN };
};
/** How far a step is from a point, in whole pixels (a saved position is rounded). */
const offsetOf = async (page: Page, id: string, from: { x: number; y: number }) => {
  const p = xyOf(await positionOf(page, id));
  return { dx: Math.round(p.x - from.x), dy: Math.round(p.y - from.y) };
};

// The canvas without a mouse: a focused step is selected and moves with the arrow keys (Shift:
// larger moves), announced to screen readers; five presses are one Undo; the place is saved
// with the draft as a dragged one is and survives a reload.
test("moves a step with the arrow keys, keeps it with the draft across a reload, and undoes it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ADMIN);
  await page.goto("/flows");
  await hydrated(page.getByRole("button", { name: "New flow" }).first());
  await page.getByRole("button", { name: "New flow" }).first().click();
  const name = `Keys ${stamp}`;
  await page.getByRole("dialog").getByLabel("Name").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create flow" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(node(page, "greeting")).toBeVisible();
  await hydrated(page.getByRole("button", { name: "Auto layout" }));
  await expect(page.locator("#flow-canvas-keys")).toContainText("Arrow keys move the selected step");

  const before = xyOf(await positionOf(page, "greeting"));
  const card = () => node(page, "greeting").getByRole("button").first();
  await card().focus();
  await expect(page.locator('.react-flow__node[data-id="greeting"]')).toHaveClass(/selected/);
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  await expect(page.getByText("unsaved changes", { exact: true })).toBeVisible();
  await expect(page.locator('[id^="react-flow__aria-live"]')).toHaveText("Moved the step right");
  await expect.poll(() => offsetOf(page, "greeting", before)).toEqual({ dx: 25, dy: 0 });

  // Five presses are one step back; redo brings the move again.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(() => offsetOf(page, "greeting", before)).toEqual({ dx: 0, dy: 0 });
  await expect(page.getByRole("button", { name: "Undo" })).toBeDisabled();
  await page.getByRole("button", { name: "Redo" }).click();
  await expect.poll(() => offsetOf(page, "greeting", before)).toEqual({ dx: 25, dy: 0 });

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("draft saved", { exact: true })).toBeVisible();
  await page.reload();
  await expect(node(page, "greeting")).toBeVisible();
  await hydrated(page.getByRole("button", { name: "Auto layout" }));
  await expect.poll(() => offsetOf(page, "greeting", before)).toEqual({ dx: 25, dy: 0 });

  // Shift moves farther (20 px a press); Ctrl+Z from the step undoes it.
  await card().focus();
  await page.keyboard.press("Shift+ArrowDown");
  await expect.poll(() => offsetOf(page, "greeting", before)).toEqual({ dx: 25, dy: 20 });
  await page.keyboard.press("Control+z");
  await expect.poll(() => offsetOf(page, "greeting", before)).toEqual({ dx: 25, dy: 0 });
  await checkAtBothWidths(page, "flow-editor-keys", { soft: true });
});

// The conversion step's form: a value needs its currency; applied, the canvas says what it records.
test("adds a conversion step whose value needs its currency", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto("/flows");
  await hydrated(page.getByRole("button", { name: "New flow" }).first());
  await page.getByRole("button", { name: "New flow" }).first().click();
  const name = `Conversion ${stamp}`;
  await page.getByRole("dialog").getByLabel("Name").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create flow" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await node(page, "greeting").getByRole("button").first().click();
  await page.getByLabel("Step type").selectOption("conversion");
  await page.getByRole("button", { name: "Add step" }).click();
  const conversion = page.locator("#step-form-conversion_1");
  await conversion.getByLabel("Value").fill("49.90");
  await conversion.getByRole("button", { name: "Apply" }).click();
  await expect(conversion.getByText("A value needs its currency", { exact: true })).toBeVisible();
  await conversion.getByLabel("Currency").fill("EUR");
  await conversion.getByRole("button", { name: "Apply" }).click();
  await expect(node(page, "conversion_1")).toContainText("purchase: 49.90 EUR");
  await shot(page, `${SHOTS}/flow-forms-conversion.png`, { fullPage: false });
  await checkAtBothWidths(page, "flow-conversion-step", { soft: true });
});
