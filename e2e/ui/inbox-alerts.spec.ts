import { expect, test } from "@playwright/test";
import { checkAtBothWidths, SHOTS } from "./both-widths";
import { approvedTemplate, chatappSender, sendOrder } from "./helpers";
import { customerWrites, newBusiness } from "./inbox-helpers";

// New chats are hard to miss. The tab's title carries the unread count; a
// tone and a desktop notification are the user's own choice, kept on the server, and the
// browser's notification permission is asked only when the user turns notifications on.

/** Records the page's notifications, permission requests and tones instead of making them. */
const recorder = () => {
  const w = window as unknown as Record<string, unknown>;
  const log = { asked: 0, shown: [] as string[], tones: 0 };
  w.__alerts = log;
  class FakeNotification {
    static permission: NotificationPermission = "default";
    static async requestPermission() {
      log.asked += 1;
      FakeNotification.permission = "granted";
      return "granted" as const;
    }
    constructor(title: string) {
      log.shown.push(title);
    }
  }
  w.Notification = FakeNotification;
  // A tone that makes no sound and counts itself (headless Chromium may have no audio).
  const node = () => ({ connect() {}, start() {}, stop() {}, gain: { value: 0 }, frequency: { value: 0 } });
  w.AudioContext = class {
    currentTime = 0;
    destination = {};
    constructor() {
      log.tones += 1;
    }
    createGain = node;
    createOscillator = node;
    close = async () => {};
  };
};
type Log = { asked: number; shown: string[]; tones: number };

test("the tab title counts unread chats; sound and desktop alerts are per user and kept", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const { admin, businessId, key } = await newBusiness(page, browser);
  await admin.addInitScript(recorder);
  const { name: template } = await approvedTemplate(admin.request, businessId, key, { prefix: "alerts" });
  const phoneNumberId = await chatappSender(admin.request, businessId, key);
  const number = `9193${String(Date.now() % 10_000).padStart(4, "0")}2001`;
  await sendOrder(admin.request, { businessId, key }, { name: template, phoneNumberId, to: number });

  await admin.goto("/inbox");
  await expect(admin).toHaveTitle("Inbox · Switchboard");
  const log = () => admin.evaluate(() => (window as unknown as { __alerts: Log }).__alerts);
  await admin.locator("summary", { hasText: "New chat alerts" }).click();
  const sound = admin.getByRole("checkbox", { name: "Play a sound" });
  const desktop = admin.getByRole("checkbox", { name: "Desktop notification" });
  await expect(sound).not.toBeChecked();
  await expect(desktop).not.toBeChecked();
  expect((await log()).asked, "no permission asked before the click").toBe(0);
  await sound.check();
  await desktop.check();
  await expect(desktop).toBeChecked();
  expect((await log()).asked).toBe(1);
  await checkAtBothWidths(admin, "p20-inbox-alerts", { prefix: `${SHOTS}/` });
  // Point 23 (checked): the keyboard hint is not shown at a phone's width.
  await admin.setViewportSize({ width: 390, height: 900 });
  await expect(admin.getByText("Arrow keys or j/k move through the list")).toBeHidden();
  await admin.setViewportSize({ width: 1280, height: 900 });

  // The customer writes (from the virtual phone in another tab): the inbox's live refresh
  // brings the count, the title shows it, the tone plays and the notification shows.
  const phone = await admin.context().newPage();
  await customerWrites(phone, number, "Is my order on its way?");
  await expect(admin).toHaveTitle("(1) Inbox · Switchboard", { timeout: 20_000 });
  await expect.poll(async () => (await log()).shown).toEqual(["New chat in the inbox"]);
  expect((await log()).tones).toBeGreaterThanOrEqual(1);

  // Kept on the server: another browser of the same user starts with both on.
  await admin.reload();
  await admin.locator("summary", { hasText: "New chat alerts" }).click();
  await expect(admin.getByRole("checkbox", { name: "Play a sound" })).toBeChecked();
  await expect(admin).toHaveTitle("(1) Inbox · Switchboard");
});
