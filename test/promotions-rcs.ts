import { db } from "../lib/db/pool";
import { rawQuery } from "../lib/db/sql";
import { api } from "./api";
import type { TestBusiness } from "./factories";

/** C1 with the business's key (or `key`). */
export const c1 = (
  t: TestBusiness,
  json: unknown,
  opts: { key?: string; headers?: Record<string, string> } = {},
) =>
  api(`/api/v3/promotion/${t.business.id}/rcs`, {
    headers: { "x-api-key": opts.key ?? t.apiKey, ...opts.headers },
    json,
  });

/** C2 with the business's key (or `key`). */
export const c2 = (
  t: TestBusiness,
  json: unknown,
  opts: { key?: string; headers?: Record<string, string> } = {},
) =>
  api(`/api/v3/promotion/${t.business.id}/rcs/batch`, {
    headers: { "x-api-key": opts.key ?? t.apiKey, ...opts.headers },
    json,
  });

/** A C2 body whose BODY variables are `${name}` and `${code}` (the test rcsCard's two). */
export const batchBody = (
  promotionId: string,
  templateId: string,
  subscribers: Array<{ phone: string; extras?: Record<string, string> }>,
  extra: Record<string, unknown> = {},
) => ({
  promotionId,
  templateId,
  doCapability: false,
  components: [
    {
      type: "BODY",
      variables: [
        { type: "text", value: "${name}" },
        { type: "text", value: "${code}" },
      ],
    },
  ],
  subscribers: subscribers.map((s) => ({ phone: s.phone, extras: s.extras ?? { name: "Asha", code: "7" } })),
  ...extra,
});

export type RecipientRow = {
  seq: number;
  phone: string;
  state: string;
  via_fallback: boolean;
  batch_id: string | null;
  vars: Record<string, string>;
};

/** The campaign's recipients, in seq order. */
export const recipientsOf = (businessId: string, promotionId: string) =>
  rawQuery<RecipientRow>(
    db(),
    `SELECT seq::int AS seq, phone, state, via_fallback, batch_id, vars FROM promotion_recipients
     WHERE business_id = $1 AND promotion_id = $2 ORDER BY seq`,
    [businessId, promotionId],
  );

export const promotionRow = async (businessId: string, promotionId: string) =>
  (
    await rawQuery<Record<string, any>>(db(), `SELECT * FROM promotions WHERE business_id = $1 AND id = $2`, [
      businessId,
      promotionId,
    ])
  )[0];

export const batchRow = async (businessId: string, batchId: string) =>
  (
    await rawQuery<Record<string, any>>(
      db(),
      `SELECT * FROM promotion_batches WHERE business_id = $1 AND id = $2`,
      [businessId, batchId],
    )
  )[0];
