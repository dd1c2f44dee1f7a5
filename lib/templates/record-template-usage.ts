import { sql } from "drizzle-orm";
import type { Ctx } from "../context";
import type { UsageCounters } from "./schemas";

/**
 * How many rows a template's counts are spread over (db/schema/templates.ts, templateUsage): a
 * writer adds to the row of its connection's slot, so concurrent status transactions on other
 * connections do not wait for each other's commit. Readers sum a template's rows.
 */
export const USAGE_SLOTS = 8;

/**
 * Adds to a template's usage counters (the messaging pipeline calls it, ideally once per
 * batch of status events). One upsert statement, into the row of this connection's slot; a
 * template that does not exist is ignored.
 */
export async function recordTemplateUsage(
  ctx: Ctx,
  templateId: string,
  counts: Partial<UsageCounters>,
): Promise<void> {
  const n = (v: number | undefined) => Math.max(0, Math.trunc(v ?? 0));
  const sent = n(counts.sent);
  const delivered = n(counts.delivered);
  const read = n(counts.read);
  const failed = n(counts.failed);
  if (sent + delivered + read + failed === 0) return;
  await ctx.db.execute(sql`
    INSERT INTO template_usage (template_id, slot, business_id, sent, delivered, read, failed)
    SELECT id, pg_backend_pid() % ${USAGE_SLOTS}, business_id, ${sent}, ${delivered}, ${read}, ${failed}
    FROM templates WHERE id = ${templateId}::uuid
    ON CONFLICT (template_id, slot) DO UPDATE SET
      sent = template_usage.sent + excluded.sent,
      delivered = template_usage.delivered + excluded.delivered,
      read = template_usage.read + excluded.read,
      failed = template_usage.failed + excluded.failed,
      updated_at = now()`);
}
