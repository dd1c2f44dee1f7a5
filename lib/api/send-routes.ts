import type { Context } from "hono";
import { sendRcsMessage, type RcsSendInput } from "@/lib/messages/send/send-rcs-message";
import { sendTemplateMessage } from "@/lib/messages/send/send-template-message";
import type { SendTemplateInput } from "@/lib/messages/schemas";
import { idempotentSend } from "./idempotent-send";
import { keyCtx } from "./key-ctx";
import type { ApiEnv } from "./types";

/**
 * What every single-send route does once its body is valid, whichever path and version it
 * came through: the send under the request's Idempotency-Key, group-committed.
 */
export function sendTemplateRoute(c: Context<ApiEnv>, body: SendTemplateInput) {
  return idempotentSend(c, body, (idempotency) =>
    sendTemplateMessage(keyCtx(c), c.get("auth").businessId, body, { idempotency, groupCommit: true }),
  );
}

/** The RCS routes' send (A2, A4, A5): `input` is the body mapped to one RCS message. */
export function sendRcsRoute(c: Context<ApiEnv>, body: unknown, input: RcsSendInput) {
  return idempotentSend(c, body, (idempotency) =>
    sendRcsMessage(keyCtx(c), c.get("auth").businessId, input, { idempotency, groupCommit: true }),
  );
}
