/**
 * Meta's customer service window: on chatapp a business may send free-form messages for 24
 * hours after the customer's last message, and only approved templates outside it. RCS has no
 * such window (docs/decisions.md, "Conversations: the service window on RCS"): null.
 */
export const CHATAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

export function windowClosesAt(channel: "chatapp" | "rcs", lastCustomerMessageAt: Date): Date | null {
  if (channel === "rcs") return null;
  return new Date(new Date(lastCustomerMessageAt).getTime() + CHATAPP_WINDOW_MS);
}

export function windowOpen(
  channel: "chatapp" | "rcs",
  lastCustomerMessageAt: Date,
  now = new Date(),
): boolean {
  const closes = windowClosesAt(channel, lastCustomerMessageAt);
  return closes === null || closes.getTime() > now.getTime();
}
