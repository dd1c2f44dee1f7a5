/**
 * The name the inbox shows for a conversation's customer (`c` names the conversations row):
 * the business's own profile of the number first (F1, the profiles page), then the name the
 * latest campaign that reached the number had for it (its list's `name` column), then the name
 * the customer set on WhatsApp. Read when shown, so a profile uploaded later names the
 * conversations that came before it. Each lookup is one row by an index that leads with the
 * business (profiles_business_phone_unique, promotion_recipients_business_phone_idx).
 */
export function customerNameSql(c: string): string {
  return `coalesce(
    (SELECT nullif(btrim(p.name), '') FROM profiles p WHERE p.business_id = ${c}.business_id AND p.phone = ${c}.customer),
    (SELECT nullif(btrim(r.name), '') FROM promotion_recipients r
      WHERE r.business_id = ${c}.business_id AND r.phone = ${c}.customer AND r.message_id IS NOT NULL
        AND nullif(btrim(r.name), '') IS NOT NULL
      ORDER BY r.updated_at DESC LIMIT 1),
    ${c}.customer_name)`;
}

/**
 * The digits of a search that is a phone number however it was written ("98112 00011",
 * "+91 98112-00011", "(0) 98112 00011", "0091 9811200011"): digits only, without the leading
 * zeros of a trunk or international prefix, so they match the stored number (digits with the
 * country code) as a part. Null when the search holds anything a number is not written with,
 * or fewer than three digits (too short to mean a number).
 */
export function numberSearchDigits(q: string): string | null {
  if (!/^[\d\s()+\-./]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, "").replace(/^0+/, "");
  return digits.length >= 3 ? digits : null;
}
