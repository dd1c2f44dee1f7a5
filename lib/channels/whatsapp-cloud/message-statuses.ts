import { z } from "zod";
import { invalid, zodDetails } from "../../errors";
import type { ProviderStatus, ProviderStatusEvent } from "../message-provider";

const metaError = z.object({
  code: z.union([z.number(), z.string()]).optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).partial().optional(),
});

const metaStatus = z.object({
  id: z.string().min(1),
  status: z.string(),
  timestamp: z.union([z.string().regex(/^\d+$/), z.number().int()]),
  recipient_id: z.string().optional(),
  biz_opaque_callback_data: z.string().optional(),
  errors: z.array(metaError).optional(),
  // Per-message pricing (July 2025): billable, the category billed, the pricing model.
  pricing: z
    .object({ billable: z.boolean().optional(), category: z.string().max(64).optional() })
    .partial()
    .optional()
    .catch(undefined),
});

/** The `value` of a `messages` change (Cloud API). Inbound `messages[]` are not handled here. */
const messagesValue = z.object({
  metadata: z.object({ phone_number_id: z.string().optional() }).partial().optional(),
  statuses: z.array(metaStatus).optional(),
});

const known: Record<string, ProviderStatus> = {
  sent: "sent",
  delivered: "delivered",
  read: "read",
  failed: "failed",
};

/**
 * Maps `entry[].changes[].value.statuses[]` to status events. Meta's `id` (wamid) is the
 * provider message id; `biz_opaque_callback_data`, which the send sets to our message id, is
 * echoed back, so it names our message directly. Statuses we don't track (`deleted`,
 * `warning`) are skipped; a structurally broken value is a 400.
 */
export function parseMetaStatuses(value: unknown): {
  phoneNumberId: string | undefined;
  events: ProviderStatusEvent[];
} {
  const parsed = messagesValue.safeParse(value);
  if (!parsed.success) {
    throw invalid("Malformed messages change", zodDetails(parsed.error, "value."));
  }
  const events: ProviderStatusEvent[] = [];
  for (const s of parsed.data.statuses ?? []) {
    const status = known[s.status];
    if (!status) continue;
    const event: ProviderStatusEvent = {
      providerMessageId: s.id,
      status,
      at: new Date(Number(s.timestamp) * 1000),
    };
    if (s.biz_opaque_callback_data) event.messageId = s.biz_opaque_callback_data;
    if (s.pricing?.billable !== undefined)
      event.pricing = { billable: s.pricing.billable, category: s.pricing.category?.toLowerCase() ?? null };
    if (status === "failed") {
      const e = s.errors?.[0];
      event.errorCode = e?.code !== undefined ? String(e.code) : "unknown";
      event.reason = e?.title ?? e?.message ?? "Failed";
      if (e?.error_data?.details ?? e?.message) event.details = e?.error_data?.details ?? e?.message;
    }
    events.push(event);
  }
  return { phoneNumberId: parsed.data.metadata?.phone_number_id, events };
}
