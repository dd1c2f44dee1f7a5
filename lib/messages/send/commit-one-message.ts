import type { Ctx } from "../../context";
import { uuidv7 } from "../../ids";
import type { SendResponse } from "../schemas";
import { commitSend, type CommitOptions } from "./commit-send";
import type { NewMessage, NewTransaction } from "./insert-send-rows";

/** A send of one message: its transaction's kind and the message, without the ids. */
export type OneMessage = Pick<
  NewMessage,
  "businessId" | "channel" | "sender" | "recipient" | "msgType" | "content" | "provider"
> & {
  kind: NewTransaction["kind"];
  /** The template it sends, if any: named on the transaction and on the message. */
  template: { id: string; name: string; language: string } | undefined;
  /** Echoed in the status callbacks; default: the transaction id. */
  messageRef: string | undefined;
};

/**
 * Stores a send of one message (A1, A2, A4, A5) through commitSend: a transaction of one and
 * its message, under new ids, which the answer carries.
 */
export async function commitOneMessage(
  ctx: Ctx,
  m: OneMessage,
  opts: CommitOptions = {},
): Promise<SendResponse> {
  const transactionId = uuidv7();
  const messageId = uuidv7();
  const response: SendResponse = { transactionId, messageId };
  await commitSend(
    ctx,
    {
      id: transactionId,
      businessId: m.businessId,
      kind: m.kind,
      channel: m.channel,
      templateId: m.template?.id ?? null,
      templateName: m.template?.name ?? null,
      language: m.template?.language ?? null,
      total: 1,
    },
    [
      {
        id: messageId,
        businessId: m.businessId,
        transactionId,
        channel: m.channel,
        sender: m.sender,
        recipient: m.recipient,
        msgType: m.msgType,
        templateId: m.template?.id ?? null,
        templateName: m.template?.name ?? "",
        language: m.template?.language ?? "",
        content: m.content,
        messageRef: m.messageRef ?? transactionId,
        provider: m.provider,
      },
    ],
    response,
    opts,
  );
  return response;
}
