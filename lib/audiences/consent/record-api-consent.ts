import type { Ctx } from "../../context";
import { inTransaction } from "../../context";
import { rawQuery } from "../../db/sql";
import { invalid } from "../../errors";
import { listConsentEvents, consentHistory, consentState, type ConsentHistoryView } from "./consent-history";
import { consentPhone } from "./consent-phone";
import { recordConsent } from "./record-consent";
import type { RecordConsentInput } from "./schemas";

/** A minute of clock skew between the business's system and ours. */
const FUTURE_SLACK_MS = 60_000;

/**
 * Records one opt-in or opt-out sent by the business's API key (source `api`, `sourceRef` the
 * key id). A marketing (or `all`) event also changes the opt-out list in the same transaction,
 * so the list and the ledger's state never disagree: the list follows the marketing state after
 * the write (opted out: on it, source `api`; opted in: off it). Returns the number's history after the write.
 */
export async function recordApiConsent(
  ctx: Ctx,
  businessId: string,
  keyId: string,
  input: RecordConsentInput,
): Promise<ConsentHistoryView> {
  const phone = await consentPhone(ctx, businessId, input.phone);
  const occurredAt = input.occurredAt === undefined ? new Date() : new Date(input.occurredAt * 1000);
  if (occurredAt.getTime() > Date.now() + FUTURE_SLACK_MS)
    throw invalid("Invalid request: occurredAt: in the future", [
      { path: "occurredAt", message: "In the future" },
    ]);
  await inTransaction(ctx, async (tx) => {
    await recordConsent(tx, {
      businessId,
      channel: input.channel,
      kind: input.kind,
      action: input.action,
      source: "api",
      events: [{ phone, sourceRef: keyId, wording: input.wording ?? null, occurredAt }],
    });
    if (input.kind === "utility") return;
    // The list follows the ledger's marketing state (an event dated before a later one changes nothing).
    const { state } = consentState(await listConsentEvents(tx, businessId, phone), "marketing");
    if (state === "unknown") return;
    await rawQuery(
      tx.db,
      state === "opted_out"
        ? `INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, $2, 'api') ON CONFLICT DO NOTHING`
        : `DELETE FROM opt_outs WHERE business_id = $1 AND phone = $2`,
      [businessId, phone],
    );
  });
  return consentHistory(ctx, businessId, phone);
}
