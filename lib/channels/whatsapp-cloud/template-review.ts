import type { TemplateReviewProvider, TemplateReviewResult } from "../types";
import { authenticationForMeta } from "./authentication-components";
import { graphBaseUrl, whatsappCredentials } from "./config";

type GraphError = { error?: { message?: string; error_user_msg?: string; error_user_title?: string } };

/**
 * Submits templates to Meta's `POST /{waba_id}/message_templates`. Images (and document or
 * video samples) go first through
 * the Resumable Upload API (`/{app_id}/uploads`), whose handle becomes `header_handle`.
 * Meta answers PENDING (or APPROVED at once); the final status arrives by the
 * `message_template_status_update` webhook. A 400 is Meta refusing the template: it becomes
 * REJECTED with Meta's message. Other errors (401/403: credentials, 5xx, network) throw so
 * the job retries and the template stays PENDING until the configuration is fixed.
 */
export const whatsappCloudTemplateReview: TemplateReviewProvider = {
  name: "whatsapp-cloud",
  submitDelaySeconds: () => 0,
  async submitForReview(t) {
    const creds = whatsappCredentials(t.channelConfig);
    const images = await t.loadImages();
    const handles: string[] = [];
    for (const img of images) handles.push(await uploadImage(creds, img));
    const components =
      t.category === "AUTHENTICATION"
        ? authenticationForMeta(t.components)
        : withHandles(t.components, handles);
    const res = await fetch(`${graphBaseUrl()}/${creds.wabaId}/message_templates`, {
      method: "POST",
      headers: { authorization: `Bearer ${creds.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ name: t.name, language: t.language, category: t.category, components }),
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await res.json().catch(() => ({}))) as GraphError & { id?: string; status?: string };
    if (res.status === 400) {
      const e = body.error;
      return {
        status: "REJECTED",
        reason: `Meta: ${e?.error_user_msg || e?.message || `HTTP ${res.status}`}`,
      };
    }
    if (!res.ok || !body.id) throw new Error(`Meta message_templates answered ${res.status}`);
    const status: TemplateReviewResult["status"] =
      body.status === "APPROVED" || body.status === "REJECTED" ? body.status : "PENDING";
    return { providerRef: String(body.id), status };
  },
};

async function uploadImage(
  creds: ReturnType<typeof whatsappCredentials>,
  img: { bytes: Buffer; contentType: string },
): Promise<string> {
  if (!creds.appId)
    throw new Error("whatsapp-cloud image headers need appId (channel config or WHATSAPP_APP_ID)");
  const base = graphBaseUrl();
  const q = new URLSearchParams({ file_length: String(img.bytes.length), file_type: img.contentType });
  const session = await fetch(`${base}/${creds.appId}/uploads?${q}`, {
    method: "POST",
    headers: { authorization: `Bearer ${creds.accessToken}` },
    signal: AbortSignal.timeout(20_000),
  });
  const s = (await session.json().catch(() => ({}))) as { id?: string };
  if (!session.ok || !s.id) throw new Error(`Meta upload session answered ${session.status}`);
  const up = await fetch(`${base}/${s.id}`, {
    method: "POST",
    headers: { authorization: `OAuth ${creds.accessToken}`, file_offset: "0" },
    body: new Uint8Array(img.bytes),
    signal: AbortSignal.timeout(60_000),
  });
  const u = (await up.json().catch(() => ({}))) as { h?: string };
  if (!up.ok || !u.h) throw new Error(`Meta upload answered ${up.status}`);
  return u.h;
}

/**
 * Fills `example.header_handle` of each media header, in order, with Meta's upload handles: every
 * IMAGE header has one; a DOCUMENT or VIDEO header has one when its sample was uploaded.
 */
function withHandles(components: unknown[], handles: string[]): unknown[] {
  let next = 0;
  const fill = (list: unknown[]): unknown[] =>
    list.map((raw) => {
      const c = raw as { type?: string; format?: string; cards?: { components: unknown[] }[] };
      if (c.type === "HEADER" && next < handles.length)
        return { ...c, example: { header_handle: [handles[next++]] } };
      if (c.type === "CAROUSEL" && c.cards)
        return { ...c, cards: c.cards.map((card) => ({ ...card, components: fill(card.components) })) };
      return c;
    });
  return fill(components);
}
