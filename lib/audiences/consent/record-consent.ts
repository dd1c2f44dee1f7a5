import type { ConsentAction, ConsentChannel, ConsentKind, ConsentSource } from "@/db/schema/consent";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { uuidv7 } from "../../ids";

/** The longest wording the ledger keeps (the column's check): longer text is cut, never refused. */
export const WORDING_MAX = 2000;

export type ConsentEventInput = {
  phone: string;
  /** What wrote it: file name, API key id, user id, flow run, message id. */
  sourceRef?: string | null;
  /** What the customer saw or sent. */
  wording?: string | null;
  occurredAt?: Date;
};

/**
 * Appends consent events (one per number) to the ledger, on `ctx.db`: the caller's
 * transaction when the events belong with another write (the opt-out list), so the two never
 * disagree (architecture.md rule 6). Numbers are E.164 digits.
 */
export async function recordConsent(
  ctx: Ctx,
  input: {
    businessId: string;
    channel: ConsentChannel;
    kind: ConsentKind;
    action: ConsentAction;
    source: ConsentSource;
    events: ConsentEventInput[];
  },
): Promise<number> {
  if (input.events.length === 0) return 0;
  const now = new Date();
  const col = <T>(f: (e: ConsentEventInput) => T) => input.events.map(f);
  const rows = await rawQuery(
    ctx.db,
    `INSERT INTO consent_events
       (id, business_id, phone, channel, kind, action, source, source_ref, wording, occurred_at)
     SELECT e.id, $1, e.phone, $2, $3, $4, $5, e.ref, e.wording, e.at
     FROM unnest($6::uuid[], $7::text[], $8::text[], $9::text[], $10::timestamptz[])
       AS e(id, phone, ref, wording, at)
     RETURNING 1`,
    [
      input.businessId,
      input.channel,
      input.kind,
      input.action,
      input.source,
      col(() => uuidv7()),
      col((e) => e.phone),
      col((e) => e.sourceRef ?? null),
      col((e) => (e.wording == null ? null : e.wording.slice(0, WORDING_MAX))),
      col((e) => e.occurredAt ?? now),
    ],
  );
  return rows.length;
}
