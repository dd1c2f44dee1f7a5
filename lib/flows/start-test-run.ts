import type { RowOf } from "../db/row-of";
import type { conversations, messages } from "@/db/schema";
import { z } from "zod";
import { listTestNumbers } from "../businesses/test-numbers";
import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { AppError, invalid, invalidInput } from "../errors";
import { uuidv7 } from "../ids";
import { simulateCustomerReply } from "../inbound/simulate-customer-reply";
import { loadChannel } from "../messages/dispatch/sender-channel";
import { requireRecipient } from "../phone/international";
import { FlowDefinition } from "./definition";
import { stopActiveRun } from "./engine/stop-run";
import { getFlow, mayEdit } from "./flow-store";

export const TestRunInput = z.object({
  phone: z.string().trim().min(1, "Choose a test number").max(32),
  channel: z.enum(["chatapp", "rcs"]).default("chatapp"),
  text: z.string().trim().min(1, "Write what the customer says").max(1024, "At most 1,024 characters"),
});

/**
 * "Try it": runs the flow's DRAFT for one of the business's test numbers (the virtual phone),
 * as if the customer had written `text`. The run (version 0, `test`) carries the draft as it
 * is now, takes the test number's conversation (any run there is stopped), and the customer's
 * message goes the virtual phone's own way (lib/inbound/simulate-customer-reply.ts), so the
 * engine runs the draft and its later replies answer it. Only test numbers: a draft never
 * reaches a real customer.
 */
export async function startTestRun(
  ctx: Ctx,
  businessId: string,
  flowId: string,
  raw: unknown,
): Promise<{ runId: string; conversationId: string }> {
  mayEdit(ctx);
  const parsed = TestRunInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const input = parsed.data;
  const flow = await getFlow(ctx, businessId, flowId);
  const def = FlowDefinition.safeParse(flow.draft);
  if (!def.success) throw invalidInput(def.error, "Fix the draft first", "definition.");
  const phone = requireRecipient(input.phone, "phone");
  if (!(await listTestNumbers(ctx, businessId)).includes(phone))
    throw invalid("Only the business's test numbers try a draft", [
      { path: "phone", message: "Add it under Settings, test numbers, first" },
    ]);
  return inTransaction(ctx, async (tx) => {
    const [last] = await rawQuery<Pick<RowOf<typeof messages>, "sender">>(
      tx.db,
      `SELECT sender FROM messages WHERE business_id = $1 AND recipient = $2 AND channel = $3 ORDER BY id DESC LIMIT 1`,
      [businessId, phone, input.channel],
    );
    const settings = last ? null : await loadChannel(tx, businessId, input.channel);
    const sender =
      last?.sender ?? (input.channel === "chatapp" ? settings?.phoneNumberIds[0] : settings?.agentId);
    if (!sender)
      throw invalid(`This business has no ${input.channel} sender`, [
        { path: "channel", message: "No sender" },
      ]);
    // The conversation the customer's message lands in; a new one is dated 1970 until the
    // message (below, in this transaction) dates it, so its window is the message's.
    await rawQuery(
      tx.db,
      `INSERT INTO conversations (id, business_id, channel, sender, customer, state, last_customer_message_at, last_message_at)
       VALUES ($1, $2, $3, $4, $5, 'open', to_timestamp(0), to_timestamp(0))
       ON CONFLICT (business_id, channel, sender, customer) DO NOTHING`,
      [uuidv7(), businessId, input.channel, sender, phone],
    );
    const [conv] = await rawQuery<Pick<RowOf<typeof conversations>, "id" | "assignee_id">>(
      tx.db,
      `SELECT id, assignee_id FROM conversations WHERE business_id = $1 AND channel = $2 AND sender = $3 AND customer = $4 FOR UPDATE`,
      [businessId, input.channel, sender, phone],
    );
    if (conv!.assignee_id)
      throw new AppError(
        "conflict",
        "An agent holds this test number's conversation: resolve it in the inbox first",
      );
    await stopActiveRun(tx, businessId, conv!.id, "a test run started");
    const runId = uuidv7();
    await rawQuery(
      tx.db,
      `INSERT INTO flow_runs (id, business_id, flow_id, version, test, definition, conversation_id, state, step_id)
       VALUES ($1, $2, $3, 0, true, $4, $5, 'running', $6)`,
      [runId, businessId, flowId, JSON.stringify(def.data), conv!.id, def.data.start],
    );
    await simulateCustomerReply(tx, { businessId, phone, channel: input.channel, text: input.text });
    return { runId, conversationId: conv!.id };
  });
}
