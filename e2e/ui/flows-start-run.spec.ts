import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { expectNoSeriousA11yViolations } from "./a11y";
import { hydrated, signIn } from "./helpers";

// The flow page's "Start for a number": the published flow started for a real customer (the
// API's POST .../runs), its refusals shown (a line that is not name=value at its field; on
// WhatsApp, a customer outside the 24-hour window and a flow that begins with free text), and
// a run that goes through (on RCS, which has no window).

const stamp = String(Date.now() % 1_000_000).padStart(6, "0");

test("starts a published flow for a number from the flow page, with the refusals said", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ADMIN);
  await page.goto("/flows");
  await hydrated(page.getByRole("button", { name: "New flow" }).first());
  await page.getByRole("button", { name: "New flow" }).first().click();
  const name = `Start ${stamp}`;
  await page.getByRole("dialog").getByLabel("Name").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create flow" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const startButton = page.getByRole("button", { name: "Start for a number" });
  await expect(startButton).toBeDisabled(); // a draft only: nothing to start yet
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("published v1", { exact: true })).toBeVisible();

  await startButton.click();
  const dialog = page.getByRole("dialog", { name: "Start the flow for a number" });
  await dialog.getByLabel("Phone number").fill(`+9197${stamp}11`);
  await dialog.getByLabel("Variables").fill("oops");
  await dialog.getByRole("button", { name: "Start" }).click();
  await expect(dialog.getByText("Line 1: write name=value")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "start a flow run dialog");

  // WhatsApp, a customer who never wrote: only an approved template may go first.
  await dialog.getByLabel("Variables").fill("order=4711");
  await dialog.getByRole("button", { name: "Start" }).click();
  await expect(dialog.getByRole("alert")).toContainText("24-hour window is closed");
  await expect(dialog.getByRole("alert")).toContainText("begin the flow with a send_template step");

  // RCS has no window: the greeting goes out and the run completes.
  await dialog.getByLabel("Channel").selectOption("rcs");
  await dialog.getByRole("button", { name: "Start" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Run completed", { exact: true })).toBeVisible();
});
