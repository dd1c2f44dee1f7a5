import type { RowOf } from "../../db/row-of";
import type { messages } from "@/db/schema";
import { z } from "zod";
import type { Ctx } from "../../context";
import { AppError, notFound } from "../../errors";
import { isUuid } from "../../ids";
import { rawQuery } from "../../db/sql";
import { applyStatusEvents } from "../status/apply-status-events";

export const simulateRecipientActionInput = z.object({
  businessId: z.string().uuid(),
  messageId: z.string(),
  action: z.enum(["read", "fail"]),
});
export type SimulateRecipientActionInput = z.input<typeof simulateRecipientActionInput>;

/**
 * The virtual phone's buttons: the recipient reads the message, or it fails on the device.
 * The event goes through the same status path as provider webhooks, so the message moves
 * forward only and the business's endpoints get the callback.
 */
export async function simulateRecipientAction(
  ctx: Ctx,
  raw: SimulateRecipientActionInput,
): Promise<{ status: string; applied: boolean }> {
  const input = simulateRecipientActionInput.parse(raw);
  const [row] = isUuid(input.messageId)
    ? await rawQuery<Pick<RowOf<typeof messages>, "provider">>(
        ctx.db,
        `SELECT provider FROM messages WHERE business_id = $1 AND id = $2`,
        [input.businessId, input.messageId],
      )
    : [];
  if (!row) throw notFound("Message");
  if (row.provider !== "simulator") {
    throw new AppError(
      "invalid_request",
      "Only messages sent through the simulator can be acted on from the virtual phone",
      [{ path: "messageId", message: "Not a simulator message" }],
    );
  }
  const res = await applyStatusEvents(ctx, [
    {
      businessId: input.businessId,
      messageId: input.messageId,
      status: input.action === "read" ? "read" : "failed",
      at: new Date(),
      source: "virtual-phone",
      ...(input.action === "fail"
        ? {
            errorCode: "131026",
            reason: "Message undeliverable",
            details: "Marked as failed on the virtual phone.",
          }
        : {}),
    },
  ]);
  const [after] = await rawQuery<Pick<RowOf<typeof messages>, "status">>(
    ctx.db,
    `SELECT status FROM messages WHERE business_id = $1 AND id = $2`,
    [input.businessId, input.messageId],
  );
  return { status: after!.status, applied: res.applied > 0 };
}
