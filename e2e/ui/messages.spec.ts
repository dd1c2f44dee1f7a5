import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { startReceiver } from "../receiver";
import { apiKeyFor, approvedTemplate, chatappSender, ORDER_BODY, sendOrder, signIn } from "./helpers";

test("a message sent from the API shows on the virtual phone; marking it read sends the read callback", async ({
  page,
  request,
}) => {
  const rx = await startReceiver();
  try {
    await signIn(page, E2E_ADMIN);
    const { businessId, key } = await apiKeyFor(page);
    const headers = { "x-api-key": key };

    // The business's endpoint for message status callbacks.
    const endpoint = await request.post(`/api/v3/callbacks/${businessId}/endpoints`, {
      headers,
      data: { url: rx.url, events: ["message.status"], description: "messages e2e" },
    });
    expect(endpoint.status(), await endpoint.text()).toBe(201);

    const { name: template } = await approvedTemplate(request, businessId, key, {
      prefix: "e2e_order",
      components: [
        ORDER_BODY,
        { type: "FOOTER", text: "Demo shop" },
        {
          type: "BUTTONS",
          buttons: [
            { type: "URL", text: "Track", url: "https://shop.example/track{{1}}", example: ["?o=1"] },
          ],
        },
      ],
    });
    const phoneNumberId = await chatappSender(request, businessId, key);

    // A number ending in 0002: the simulator delivers but the recipient does not read by itself.
    const number = `9198${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}0002`;
    const { messageId, transactionId } = await sendOrder(
      request,
      { businessId, key },
      {
        name: template,
        phoneNumberId,
        to: number,
        more: [{ componentType: "button", index: "0", parameters: [{ type: "text", text: "?o=77" }] }],
      },
    );

    // The virtual phone: pick the number, see the bubble as the recipient does.
    await page.getByRole("link", { name: "Virtual phone", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Virtual phone", level: 1 })).toBeVisible();
    await page.getByLabel("Phone number").fill("12ab");
    await page.getByRole("button", { name: "Open" }).click();
    await expect(page.getByText("Enter the number with its country code")).toBeVisible();
    await page.getByLabel("Phone number").fill(`+${number}`);
    await page.getByRole("button", { name: "Open" }).click();
    await expect(page).toHaveURL(new RegExp(`number=${number}`));
    const phone = page.getByRole("region", { name: `Virtual phone +${number}` });
    const bubble = phone.getByRole("article", { name: `Message ${messageId}` });
    await expect(bubble).toContainText("Hello Asha, your order A-77 has shipped.");
    await expect(bubble).toContainText("Demo shop");
    // A URL button is tapped, not followed (virtual-phone-taps.spec.ts): its title names the link.
    await expect(bubble.getByRole("button", { name: "Track (link)" })).toHaveAttribute(
      "title",
      "Opens https://shop.example/track?o=77",
    );
    // Polling brings the simulator's statuses: delivered, and no further on its own.
    await expect(bubble.getByTestId("message-status")).toHaveText("delivered", { timeout: 20_000 });

    // The recipient reads it.
    await bubble.getByRole("button", { name: "Mark read" }).click();
    await expect(page.getByText("Message read", { exact: true })).toBeVisible();
    await expect(bubble.getByTestId("message-status")).toHaveText("read");
    await expect(bubble.getByRole("button", { name: "Mark read" })).toHaveCount(0);

    // The receiver got the read callback, in the spec's shape.
    await expect
      .poll(
        () =>
          rx
            .bodies()
            .filter((b) => b.messageId === messageId)
            .map((b) => b.status),
        { timeout: 20_000 },
      )
      .toEqual(["sent", "delivered", "read"]);
    const read = rx.bodies().find((b) => b.messageId === messageId && b.status === "read")!;
    expect(read).toEqual({
      messageId,
      messageRef: expect.any(String),
      subscriberId: number,
      status: "read",
      readAt: expect.any(Number),
    });

    // The delivery log lists it, delivered with a 200; its details show the read payload.
    await page.getByRole("link", { name: "Callbacks", exact: true }).click();
    const log = page.getByRole("table", { name: "Callback deliveries" });
    // Three to this spec's endpoint (other specs' endpoints may be subscribed too).
    const rows = log.getByRole("row").filter({ hasText: messageId }).filter({ hasText: rx.url });
    await expect(rows).toHaveCount(3);
    const newest = rows.first();
    await expect(newest).toContainText("message.status");
    await expect(newest).toContainText("delivered");
    await expect(newest).toContainText("200");
    await newest.getByRole("button", { name: /Details/ }).click();
    const details = page.getByRole("dialog", { name: "Delivery" });
    await expect(details).toContainText('"status": "read"');
    await expect(details.getByTestId("attempt-row").first()).toContainText("200");
    await details.getByRole("button", { name: "Close" }).first().click();

    // The messages table finds it by transaction, and its page shows the timeline and callbacks.
    await page.getByRole("link", { name: "Messages", exact: true }).click();
    await page.getByLabel("Search messages").fill(transactionId);
    await page.getByRole("button", { name: "Search" }).click();
    const table = page.getByRole("table", { name: "Messages" });
    await expect(table.getByRole("row")).toHaveCount(2); // header + the message
    await expect(table).toContainText(`+${number}`);
    await expect(table).toContainText(template);
    await table.getByRole("link", { name: messageId }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(messageId);
    const events = page.getByRole("list", { name: "Status events" });
    for (const status of [/sent/i, /delivered/i, /read/i]) await expect(events).toContainText(status);
    // The read the virtual phone's tap applied (shown from the message's read stamp).
    await expect(
      events
        .getByRole("listitem")
        .filter({ hasText: /read/i })
        .filter({ hasText: /^(?!.*absorbed).*applied/ }),
    ).not.toHaveCount(0);
    const callbacks = page.getByRole("list", { name: "Callback deliveries" });
    // Three to this spec's endpoint (other specs' endpoints may be subscribed too).
    await expect(callbacks.getByRole("listitem").filter({ hasText: rx.url })).toHaveCount(3);
    await expect(callbacks).toContainText("status: read");
  } finally {
    await rx.close();
  }
});
