import { z } from "zod";
import { channelName } from "../businesses/channel-name";

/** The virtual phone's reply box: what the test customer types back to the business. */
export const customerReplyInput = z.object({
  channel: channelName(),
  text: z.string().trim().min(1, "Type a reply").max(4096, "At most 4,096 characters"),
});
export type CustomerReplyInput = z.input<typeof customerReplyInput>;

/** A customer's message as the virtual phone shows it (its own replies, right-aligned). */
export type CustomerReplyView = {
  id: string;
  channel: "chatapp" | "rcs";
  type: string;
  text: string | null;
  receivedAt: number;
};
