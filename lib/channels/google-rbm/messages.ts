import { randomUUID } from "node:crypto";
import { AppError } from "../../errors";
import type {
  ChannelSettings,
  MessageProvider,
  OutboundMessage,
  RcsCapabilityProvider,
  SendResult,
} from "../message-provider";
import { e164, rbmAccessToken, rbmAgentId, rbmBaseUrl, rbmTimeoutMs } from "./config";
import { toRbmRichCard, type RbmContentMessage } from "./content";

type GoogleError = { error?: { code?: number; message?: string; status?: string } };

/**
 * `POST {base}/v1/phones/{E.164}/agentMessages?messageId=&agentId=`. The messageId is ours, so
 * RBM's DELIVERED/READ events name our message directly. RBM answers 404 when the phone can't
 * receive RCS from the agent: that message fails (no retry would change it).
 */
export async function sendRbmMessage(
  message: OutboundMessage,
  settings: ChannelSettings,
): Promise<SendResult> {
  const content = contentOf(message);
  if (!content) {
    return {
      ok: false,
      errorCode: "unsupported",
      reason: "google-rbm sends RCS text or a standalone rich card; render templates before dispatch",
    };
  }
  let token: string;
  let agentId: string;
  try {
    token = rbmAccessToken(settings.config);
    agentId = rbmAgentId(settings.config, message.from);
  } catch (e) {
    return { ok: false, errorCode: "config", reason: (e as Error).message };
  }
  const q = new URLSearchParams({ messageId: message.messageId, agentId });
  const url = `${rbmBaseUrl()}/v1/phones/${encodeURIComponent(e164(message.to))}/agentMessages?${q}`;
  const res = await call(url, token, { method: "POST", body: JSON.stringify({ contentMessage: content }) });
  if ("failure" in res) return res.failure;
  if (res.response.ok) {
    // Drain the body so the keep-alive connection goes back to the pool.
    await res.response.arrayBuffer().catch(() => undefined);
    return { ok: true, providerMessageId: message.messageId };
  }
  const body = (await res.response.json().catch(() => ({}))) as GoogleError;
  // Our messageId again (a resend after a worker died before recording the first): RBM has it.
  if (res.response.status === 409 && body.error?.status === "ALREADY_EXISTS")
    return { ok: true, providerMessageId: message.messageId };
  return mapRbmError(res.response, body);
}

export function mapRbmError(res: Response, body: GoogleError): SendResult {
  const status = body.error?.status ?? String(res.status);
  const message = body.error?.message ?? `HTTP ${res.status}`;
  const retryAfter = Number(res.headers.get("retry-after"));
  const base = {
    ok: false as const,
    errorCode: status,
    reason: message,
    retryAfterMs: retryAfter > 0 ? retryAfter * 1000 : undefined,
  };
  if (res.status === 429 || status === "RESOURCE_EXHAUSTED") return { ...base, throttled: true };
  if (res.status >= 500) return { ...base, retryable: true };
  if (res.status === 404) {
    return { ...base, reason: "Recipient is not RCS-capable", details: message };
  }
  return base;
}

/** `GET {base}/v1/phones/{E.164}/capabilities?requestId=&agentId=`: 200 capable, 404 not. */
export async function isRbmCapable(phone: string, settings: ChannelSettings): Promise<boolean> {
  const q = new URLSearchParams({ requestId: randomUUID(), agentId: rbmAgentId(settings.config) });
  const url = `${rbmBaseUrl()}/v1/phones/${encodeURIComponent(e164(phone))}/capabilities?${q}`;
  const res = await call(url, rbmAccessToken(settings.config), { method: "GET" });
  if ("failure" in res)
    throw new AppError("unavailable", `RBM capability check failed: ${res.failure.reason}`);
  if (res.response.ok || res.response.status === 404) {
    await res.response.arrayBuffer().catch(() => undefined);
    return res.response.ok;
  }
  const body = (await res.response.json().catch(() => ({}))) as GoogleError;
  throw new AppError(
    res.response.status === 429 ? "rate_limited" : "unavailable",
    `RBM capability check answered ${res.response.status}: ${body.error?.message ?? "no detail"}`,
  );
}

/** Numbers per `users:batchGet` request (RBM allows 600 requests a minute per partner). */
export const RBM_BATCH_GET_SIZE = 1000;

/**
 * `POST {base}/v1/users:batchGet` `{users: [E.164], agentId}` -> `{reachableUsers: [E.164]}`:
 * the numbers RBM can reach for carriers the agent is launched on, 1,000 per request. RBM
 * wants the numbers of one request in the region of its endpoint (RBM_API_URL).
 */
export async function rbmCapableAmong(phones: string[], settings: ChannelSettings): Promise<string[]> {
  const token = rbmAccessToken(settings.config);
  const agentId = rbmAgentId(settings.config);
  const capable: string[] = [];
  for (let i = 0; i < phones.length; i += RBM_BATCH_GET_SIZE) {
    const chunk = phones.slice(i, i + RBM_BATCH_GET_SIZE);
    const res = await call(`${rbmBaseUrl()}/v1/users:batchGet`, token, {
      method: "POST",
      body: JSON.stringify({ users: chunk.map(e164), agentId }),
    });
    if ("failure" in res)
      throw new AppError("unavailable", `RBM capability check failed: ${res.failure.reason}`);
    const body = (await res.response.json().catch(() => ({}))) as GoogleError & { reachableUsers?: unknown };
    if (!res.response.ok) {
      throw new AppError(
        res.response.status === 429 ? "rate_limited" : "unavailable",
        `RBM users:batchGet answered ${res.response.status}: ${body.error?.message ?? "no detail"}`,
      );
    }
    const reachable = new Set(
      (Array.isArray(body.reachableUsers) ? body.reachableUsers : [])
        .filter((u): u is string => typeof u === "string")
        .map((u) => u.replace(/^\+/, "")),
    );
    for (const p of chunk) if (reachable.has(p)) capable.push(p);
  }
  return capable;
}

function contentOf(message: OutboundMessage): RbmContentMessage | undefined {
  const c = message.content;
  if (c.kind === "rcs_text" || c.kind === "text") return { text: c.text };
  // Choices are suggested replies (RBM: up to 11, 25 characters): a tap comes back as a
  // suggestionResponse with the postbackData.
  if (c.kind === "interactive")
    return {
      text: c.text,
      suggestions: c.options.slice(0, 11).map((o) => ({ reply: { text: o.title, postbackData: o.id } })),
    };
  // RBM's file message: the platform fetches the file from the public URL.
  if (c.kind === "media") return { contentInfo: { fileUrl: c.link } };
  if (c.kind === "rcs_richcard") return toRbmRichCard(c.richCard);
  return undefined;
}

async function call(
  url: string,
  token: string,
  init: { method: string; body?: string },
): Promise<{ response: Response } | { failure: SendResult & { ok: false } }> {
  try {
    const response = await fetch(url, {
      ...init,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      signal: AbortSignal.timeout(rbmTimeoutMs()),
    });
    return { response };
  } catch (e) {
    const timeout = (e as Error).name === "TimeoutError";
    return {
      failure: {
        ok: false,
        retryable: true,
        errorCode: timeout ? "timeout" : "network",
        reason: timeout ? "RBM did not answer in time" : `RBM unreachable: ${(e as Error).message}`,
      },
    };
  }
}

export const googleRbmMessages: MessageProvider = {
  name: "google-rbm",
  idempotentSends: true,
  send: sendRbmMessage,
};

export const googleRbmCapability: RcsCapabilityProvider = {
  name: "google-rbm",
  isRcsCapable: isRbmCapable,
  capableAmong: rbmCapableAmong,
};
