import type { Ctx } from "../../context";
import { csvLine } from "../../csv/csv-line";
import { listConsentEvents } from "./consent-history";

export const CONSENT_EXPORT_HEADER = [
  "phone",
  "occurred_at_utc",
  "action",
  "kind",
  "channel",
  "source",
  "source_ref",
  "wording",
  "event_id",
];

/**
 * The proof for one number: every ledger event, oldest first (the order a reader follows), as a
 * spreadsheet-safe CSV (lib/csv) with ISO 8601 UTC times. A number without events is the header alone.
 */
export async function exportConsent(ctx: Ctx, businessId: string, phone: string): Promise<string> {
  const events = (await listConsentEvents(ctx, businessId, phone)).reverse();
  return (
    csvLine(CONSENT_EXPORT_HEADER) +
    events
      .map((e) =>
        csvLine([
          phone,
          new Date(e.occurredAt * 1000).toISOString(),
          e.action ?? "erased",
          e.kind,
          e.channel,
          e.source,
          e.sourceRef ?? "",
          e.wording ?? "",
          e.id,
        ]),
      )
      .join("")
  );
}
