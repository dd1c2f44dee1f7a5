import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { signatureValid, startReceiver } from "../receiver";
import { signIn } from "./helpers";

test("an admin registers an endpoint, sends a test event, sees it delivered, and the revealed secret verifies it", async ({
  page,
}) => {
  const rx = await startReceiver();
  try {
    await signIn(page, E2E_ADMIN);
    await page.getByRole("link", { name: "Callbacks", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Callbacks", level: 1 })).toBeVisible();

    // Register the endpoint; the secret is shown after creation.
    await page.getByRole("button", { name: "Add endpoint" }).first().click();
    const add = page.getByRole("dialog", { name: "Add endpoint" });
    await add.getByLabel("URL").fill("ftp://nope");
    await add.getByRole("button", { name: "Add endpoint" }).click();
    await expect(add.getByText("Only http and https URLs are allowed")).toBeVisible();
    await add.getByLabel("URL").fill(rx.url);
    await add.getByLabel("Description").fill("e2e receiver");
    await add.getByLabel(/Message status/).check();
    await add.getByRole("button", { name: "Add endpoint" }).click();
    const added = page.getByRole("dialog", { name: "Endpoint added" });
    await expect(added).toBeVisible();
    const shownSecret = (await added.getByTestId("endpoint-secret").textContent())!.trim();
    expect(shownSecret).toMatch(/^whsec_/);
    await added.getByRole("button", { name: "Done" }).click();

    const row = page.getByRole("row").filter({ hasText: rx.url });
    await expect(row).toContainText("message.status");
    await expect(row).toContainText("Enabled");

    // Send a test event: delivered with a 200.
    await row.getByRole("button", { name: /Send test/ }).click();
    await expect(page.getByText("Test event delivered")).toBeVisible();
    await expect.poll(() => rx.got.length).toBe(1);
    expect(JSON.parse(rx.got[0]!.body)).toMatchObject({ type: "test" });

    // The delivery log shows it with its 200; the details list the attempt.
    const log = page.getByRole("table", { name: "Callback deliveries" });
    const delivery = log.getByRole("row").filter({ hasText: rx.url }).filter({ hasText: "test" }).first();
    await expect(delivery).toContainText("delivered");
    await expect(delivery).toContainText("200");
    await delivery.getByRole("button", { name: /Details/ }).click();
    const details = page.getByRole("dialog", { name: "Delivery" });
    await expect(details.getByTestId("attempt-row")).toHaveCount(1);
    await expect(details.getByTestId("attempt-row").first()).toContainText("200");
    await expect(details.getByTestId("attempt-row").first()).toContainText("received");

    // Replay: a second attempt, same webhook-id.
    await details.getByRole("button", { name: "Replay" }).click();
    await expect(details.getByTestId("attempt-row")).toHaveCount(2);
    await expect.poll(() => rx.got.length).toBe(2);
    expect(rx.got[1]!.headers["webhook-id"]).toBe(rx.got[0]!.headers["webhook-id"]);
    await details.getByRole("button", { name: "Close" }).first().click();

    // Reveal the secret: the receiver's signature check passes with it, fails with another.
    await row.getByRole("button", { name: /Secret/ }).click();
    const secretDialog = page.getByRole("dialog", { name: "Signing secret" });
    await secretDialog.getByRole("button", { name: "Reveal secret" }).click();
    const revealed = (await secretDialog.getByTestId("endpoint-secret").textContent())!.trim();
    expect(revealed).toBe(shownSecret);
    for (const r of rx.got) expect(signatureValid(revealed, r)).toBe(true);
    expect(signatureValid(`whsec_${Buffer.alloc(24, 7).toString("base64")}`, rx.got[0]!)).toBe(false);
    expect(signatureValid(revealed, { ...rx.got[0]!, body: rx.got[0]!.body.replace("test", "tset") })).toBe(
      false,
    );

    // Rotate with the default grace of 24 h: the next request carries two signatures, one the
    // receiver still holding the old secret verifies, one for the new secret.
    await secretDialog.getByRole("button", { name: "Rotate secret" }).click();
    await expect(secretDialog.getByLabel("Previous secret keeps signing for")).toHaveValue(String(24 * 3600));
    await secretDialog.getByRole("button", { name: "Rotate secret" }).click();
    await expect(secretDialog.getByText(/Secret rotated\. Until/)).toBeVisible();
    const rotated = (await secretDialog.getByTestId("endpoint-secret").textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(revealed);
    await secretDialog.getByRole("button", { name: "Close" }).first().click();
    // The endpoint's row (the delivery log's rows name the URL too).
    await expect(row.first()).toContainText("Previous secret valid until");
    await row.getByRole("button", { name: /Send test/ }).click();
    await expect.poll(() => rx.got.length).toBe(3);
    const afterRotation = rx.got[2]!;
    expect(String(afterRotation.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(signatureValid(revealed, afterRotation)).toBe(true);
    expect(signatureValid(rotated, afterRotation)).toBe(true);

    // The receiver requires Basic credentials: set them in the edit dialog; every request then
    // carries them beside the signature, and the dialog never shows the password again.
    await row.getByRole("button", { name: /Edit/ }).click();
    const creds = page.getByRole("dialog", { name: "Edit endpoint" });
    await creds.getByLabel("Credentials").selectOption("basic");
    await creds.getByLabel("User name").fill("crm");
    await creds.getByRole("button", { name: "Save" }).click();
    await expect(creds.getByText("Enter the password")).toBeVisible();
    await creds.getByLabel("Password").fill("pa55-word");
    await creds.getByRole("button", { name: "Save" }).click();
    await expect(creds).toBeHidden();
    await row.getByRole("button", { name: /Send test/ }).click();
    await expect.poll(() => rx.got.length).toBe(4);
    expect(rx.got[3]!.headers.authorization).toBe(`Basic ${Buffer.from("crm:pa55-word").toString("base64")}`);
    expect(signatureValid(rotated, rx.got[3]!)).toBe(true);
    await row.getByRole("button", { name: /Edit/ }).click();
    await expect(creds.getByLabel("Credentials")).toHaveValue("keep");
    await expect(creds.getByRole("option", { name: "Keep the current ones (Basic, crm)" })).toBeAttached();
    await expect(creds.getByText("pa55-word")).toHaveCount(0);
    await creds.getByRole("button", { name: "Cancel" }).click();

    // Disable it from the edit dialog.
    await row.getByRole("button", { name: /Edit/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit endpoint" });
    await edit.getByRole("switch", { name: "Enabled" }).uncheck();
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole("row").filter({ hasText: rx.url }).first()).toContainText("Disabled");
  } finally {
    await rx.close();
  }
});
