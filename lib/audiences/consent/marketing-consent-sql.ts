/**
 * SQL that is true when the number's latest consent event of kind `marketing` or `all` is an
 * opt-in (an erasure tombstone or no event at all is no consent): the "require opt-in for
 * marketing" rule, one index probe on consent_events (business_id, phone, occurred_at).
 * `business` and `phone` are SQL expressions (a placeholder or a column).
 */
export const hasMarketingConsentSql = (business: string, phone: string): string =>
  `coalesce((SELECT ce.action = 'opt_in' FROM consent_events ce
     WHERE ce.business_id = ${business} AND ce.phone = ${phone} AND ce.kind IN ('marketing', 'all')
     ORDER BY ce.occurred_at DESC, ce.id DESC LIMIT 1), false)`;
