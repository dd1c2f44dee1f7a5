import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths, SHOTS } from "./both-widths";
import { apiKeyFor, approvedTemplate, chatappSender, ORDER_BODY, sendOrder, signIn } from "./helpers";

// The message id column stays on one line at 1280 px (a short id, the full
// one in the title and to screen readers, and a copy button); no spec ids in the copy.
test("the messages table shows short ids on one line with a copy button", async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN);
  const { businessId, key } = await apiKeyFor(page);
  const { name } = await approvedTemplate(request, businessId, key, {
    prefix: "p22",
    components: [ORDER_BODY],
  });
  const phoneNumberId = await chatappSender(request, businessId, key);
  const { messageId } = await sendOrder(
    request,
    { businessId, key },
    { name, phoneNumberId, to: "919876512222" },
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/messages");
  const table = page.getByRole("table", { name: "Messages" });
  const row = table.getByRole("row").filter({ hasText: messageId });
  const link = row.getByRole("link", { name: messageId });
  await expect(link).toBeVisible();
  const box = (await link.boundingBox())!;
  expect(box.height, "the message id is one line").toBeLessThan(24);
  await expect(link).toHaveAttribute("title", new RegExp(messageId));
  await expect(row.getByRole("button", { name: "Copy the message id" })).toBeVisible();
  await checkAtBothWidths(page, "p22-messages", { prefix: `${SHOTS}/` });
});

test("no spec ids (G9, E4, C2) in the pages' copy", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  for (const path of ["/calls", "/messages", "/campaigns"]) {
    await page.goto(path);
    await expect(page.locator("main#main h1")).toBeVisible();
    await expect(page.locator("main#main"), path).not.toContainText(
      /\((?:[A-H][0-9]{1,2})\)|[A-H][0-9]{1,2}'s\b/,
    );
  }
});
