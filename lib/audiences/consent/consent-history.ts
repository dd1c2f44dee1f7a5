import type { ConsentAction, ConsentChannel, ConsentKind, ConsentSource } from "@/db/schema/consent";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

export type ConsentEventView = {
  id: string;
  channel: ConsentChannel;
  kind: ConsentKind;
  /** null on an erasure tombstone. */
  action: ConsentAction | null;
  source: ConsentSource;
  sourceRef: string | null;
  wording: string | null;
  /** Epoch seconds. */
  occurredAt: number;
};
export type ConsentStateView = {
  state: "opted_in" | "opted_out" | "unknown";
  /** The event that decides it (null when there is none). */
  eventId: string | null;
  since: number | null;
};
export type ConsentHistoryView = {
  phone: string;
  state: { marketing: ConsentStateView; utility: ConsentStateView };
  events: ConsentEventView[];
};

type Row = Omit<ConsentEventView, "occurredAt" | "sourceRef"> & {
  source_ref: string | null;
  occurred_at: Date;
};

/** Every event of one number (E.164 digits), newest first. */
export async function listConsentEvents(
  ctx: Ctx,
  businessId: string,
  phone: string,
): Promise<ConsentEventView[]> {
  const rows = await rawQuery<Row>(
    ctx.db,
    `SELECT id, channel, kind, action, source, source_ref, wording, occurred_at FROM consent_events
     WHERE business_id = $1 AND phone = $2 ORDER BY occurred_at DESC, id DESC`,
    [businessId, phone],
  );
  return rows.map(({ source_ref, occurred_at, ...r }) => ({
    ...r,
    sourceRef: source_ref,
    occurredAt: Math.floor(occurred_at.getTime() / 1000),
  }));
}

/**
 * The current state per kind, derived from the events (newest first): the latest event of that
 * kind or of `all` decides, whatever its channel; a tombstone or no event is `unknown`.
 */
export function consentState(events: ConsentEventView[], kind: "marketing" | "utility"): ConsentStateView {
  const e = events.find((x) => x.kind === kind || x.kind === "all");
  if (!e) return { state: "unknown", eventId: null, since: null };
  const state = e.action === "opt_in" ? "opted_in" : e.action === "opt_out" ? "opted_out" : "unknown";
  return { state, eventId: e.id, since: e.occurredAt };
}

/** A number's consent history and current state (no event is an empty history, not a 404). */
export async function consentHistory(
  ctx: Ctx,
  businessId: string,
  phone: string,
): Promise<ConsentHistoryView> {
  const events = await listConsentEvents(ctx, businessId, phone);
  return {
    phone,
    state: { marketing: consentState(events, "marketing"), utility: consentState(events, "utility") },
    events,
  };
}
