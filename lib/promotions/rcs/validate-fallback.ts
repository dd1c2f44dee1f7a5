import type { Ctx } from "../../context";
import { AppError } from "../../errors";
import { requireSender } from "../../messages/dispatch/sender-channel";
import { findSendableTemplate } from "../../templates/find-sendable-template";
import type { RcsFallback } from "./schemas";

/**
 * Checks a fallback names an APPROVED chatapp template of the business (name and language)
 * and one of its enabled chatapp senders. The errors of the send path are re-pathed under
 * `fallback.` so the caller sees which field is wrong.
 */
export async function validateFallback(
  ctx: Ctx,
  businessId: string,
  fallback: RcsFallback,
): Promise<RcsFallback> {
  try {
    await findSendableTemplate(ctx, {
      businessId,
      channel: "chatapp",
      name: fallback.templateName,
      language: fallback.language,
    });
  } catch (err) {
    throw repath(err, (p) => (p === "message.language" ? "fallback.language" : "fallback.templateName"));
  }
  try {
    await requireSender(ctx, businessId, "chatapp", fallback.phoneNumberId);
  } catch (err) {
    throw repath(err, () => "fallback.phoneNumberId");
  }
  return fallback;
}

function repath(err: unknown, to: (path: string) => string): unknown {
  if (!(err instanceof AppError) || err.code !== "invalid_request") return err;
  const message = `fallback: ${err.message}`;
  return new AppError(
    err.code,
    message,
    err.details.map((d) => ({ path: to(d.path), message: d.message })),
  );
}
