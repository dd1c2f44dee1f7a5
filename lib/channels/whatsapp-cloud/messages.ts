import type {
  InteractiveContent,
  InteractiveOption,
  MessageProvider,
  OutboundMessage,
  SendResult,
} from "../message-provider";
import { graphBaseUrl, whatsappAccessToken, whatsappSendTimeoutMs } from "./config";
import { toGraphTemplate } from "./graph-template";
import { isWhatsAppUserId } from "../../phone/whatsapp-user-id";

/**
 * Meta error codes that mean "slow down", not "this message failed": 130429 (Cloud API
 * throughput reached), 131056 (too many messages to the same recipient), 80007 (WABA rate
 * limit), 4 (app-level "too many calls"). The dispatcher backs off and retries these.
 */
const THROTTLE_CODES = new Set([130429, 131056, 80007, 4]);
/** Meta's "temporary, retry" codes: 1/2 (unknown/service unavailable), 131000, 131016. */
const TRANSIENT_CODES = new Set([1, 2, 131000, 131016]);
/** Parallel requests of one sendMany call; the dispatcher's token bucket sets the rate. */
const CONCURRENCY = 16;

type GraphError = {
  message?: string;
  title?: string;
  code?: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  error_data?: { details?: string };
};
type GraphSendResponse = { messages?: { id?: string }[]; error?: GraphError };

/**
 * The Cloud API message object of our content: a template, or (inside the customer service
 * window) a text, image or document message. RCS content has no WhatsApp form.
 */
function graphContent(content: OutboundMessage["content"]): Record<string, unknown> | undefined {
  switch (content.kind) {
    case "template":
      return {
        type: "template",
        template: toGraphTemplate(content.name, content.language, content.components),
      };
    case "text":
      return { type: "text", text: { preview_url: false, body: content.text } };
    case "interactive":
      return { type: "interactive", interactive: graphInteractive(content) };
    case "media":
      return content.mediaType === "image"
        ? {
            type: "image",
            image: { link: content.link, ...(content.caption ? { caption: content.caption } : {}) },
          }
        : {
            type: "document",
            document: {
              link: content.link,
              ...(content.caption ? { caption: content.caption } : {}),
              ...(content.fileName ? { filename: content.fileName } : {}),
            },
          };
    default:
      return undefined;
  }
}

/**
 * Meta's interactive message: reply buttons (`button`, titles up to 20 characters) or a
 * `list` (rows up to 24 characters, descriptions up to 72, grouped into sections by their
 * section name; Meta wants a title on every section when there are several).
 */
function graphInteractive(c: InteractiveContent): Record<string, unknown> {
  const body = { text: c.text };
  if (c.style === "buttons")
    return {
      type: "button",
      body,
      action: { buttons: c.options.map((o) => ({ type: "reply", reply: { id: o.id, title: o.title } })) },
    };
  const sections = new Map<string, InteractiveOption[]>();
  for (const o of c.options) sections.set(o.section ?? "", [...(sections.get(o.section ?? "") ?? []), o]);
  const several = sections.size > 1;
  return {
    type: "list",
    body,
    action: {
      button: c.listButton ?? "Choose",
      sections: [...sections].map(([title, rows]) => ({
        ...(title || several ? { title: title || "Options" } : {}),
        rows: rows.map((o) => ({
          id: o.id,
          title: o.title,
          ...(o.description ? { description: o.description } : {}),
        })),
      })),
    },
  };
}

/** `POST /{version}/{phone-number-id}/messages` with a template or free-form message (Cloud API). */
export async function sendWhatsAppTemplate(
  message: OutboundMessage,
  config: Record<string, unknown>,
): Promise<SendResult> {
  const content = graphContent(message.content);
  if (!content) {
    return { ok: false, errorCode: "unsupported", reason: "whatsapp-cloud does not send RCS content" };
  }
  let token: string;
  try {
    token = whatsappAccessToken(config);
  } catch (e) {
    // A configuration problem: retrying won't fix it until an operator does.
    return { ok: false, errorCode: "config", reason: (e as Error).message };
  }
  const body = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    // A customer known only by their WhatsApp user id is addressed by Meta's `recipient`.
    ...(isWhatsAppUserId(message.to) ? { recipient: message.to } : { to: message.to }),
    ...content,
    // Meta echoes this in every status webhook of the message: our id, without a lookup.
    biz_opaque_callback_data: message.messageId,
  };
  let res: Response;
  try {
    res = await fetch(`${graphBaseUrl()}/${encodeURIComponent(message.from)}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(whatsappSendTimeoutMs()),
    });
  } catch (e) {
    const timeout = (e as Error).name === "TimeoutError";
    return {
      ok: false,
      retryable: true,
      errorCode: timeout ? "timeout" : "network",
      reason: timeout ? "Graph API did not answer in time" : `Graph API unreachable: ${(e as Error).message}`,
    };
  }
  const json = (await res.json().catch(() => ({}))) as GraphSendResponse;
  const id = json.messages?.[0]?.id;
  if (res.ok && id) return { ok: true, providerMessageId: id };
  return mapGraphError(res, json.error);
}

export function mapGraphError(res: Response, e: GraphError | undefined): SendResult {
  const code = typeof e?.code === "number" ? e.code : undefined;
  const reason = e?.error_user_title || e?.title || e?.message || `HTTP ${res.status}`;
  const details = e?.error_data?.details ?? e?.error_user_msg;
  const retryAfter = Number(res.headers.get("retry-after"));
  const retryAfterMs = retryAfter > 0 ? retryAfter * 1000 : undefined;
  const base = { ok: false as const, errorCode: String(code ?? res.status), reason, details, retryAfterMs };
  if ((code !== undefined && THROTTLE_CODES.has(code)) || res.status === 429)
    return { ...base, throttled: true };
  if (res.status >= 500 || (code !== undefined && TRANSIENT_CODES.has(code)))
    return { ...base, retryable: true };
  if (res.ok) return { ...base, retryable: true, reason: "Graph API answered without a message id" };
  return base;
}

export const whatsappCloudMessages: MessageProvider = {
  name: "whatsapp-cloud",
  send: (message, settings) => sendWhatsAppTemplate(message, settings.config),
  async sendMany(messages, settings) {
    const results: SendResult[] = new Array(messages.length);
    let next = 0;
    const lane = async () => {
      while (next < messages.length) {
        const i = next++;
        results[i] = await sendWhatsAppTemplate(messages[i]!, settings.config);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, messages.length) }, lane));
    return results;
  },
};
