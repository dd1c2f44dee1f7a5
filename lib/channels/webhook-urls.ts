import { publicBaseUrl } from "../http/public-base-url";

/**
 * The webhook URL of one business's own provider app, to paste into Meta's app dashboard
 * (chatapp: callback URL, with the verify token) or the RBM partner console (rcs).
 */
export function businessWebhookUrl(businessId: string, channel: "chatapp" | "rcs"): string {
  const path = channel === "chatapp" ? "whatsapp" : "rbm";
  return `${publicBaseUrl()}/api/webhooks/${path}/${businessId}`;
}
