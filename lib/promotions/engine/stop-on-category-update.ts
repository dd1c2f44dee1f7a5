import { templateCategories } from "@/db/schema";
import { inTransaction, type Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { log } from "../../log";

export type CategoryUpdate = {
  provider: string;
  providerRef: string;
  newCategory: string;
  previousCategory?: string | null;
  /** Set when the webhook URL names the business: another business's template is unknown. */
  businessId?: string;
};

/**
 * Meta changed a template's category (`template_category_update`): the template records its
 * new category, and every promotion on it with stopOnCategoryUpdate that is still to send
 * (Scheduled or Active) is Stopped, with statusReason saying why. A stopped promotion can be
 * resumed by its business (E5 `Active`) once it accepts the new category's price. Returns the
 * stopped promotions' ids.
 */
export async function stopOnCategoryUpdate(ctx: Ctx, input: CategoryUpdate): Promise<string[]> {
  const category = input.newCategory.toUpperCase();
  return inTransaction(ctx, async (tx) => {
    const templates = await rawQuery<{ id: string; business_id: string; category: string | null }>(
      tx.db,
      `SELECT id, business_id, category FROM templates
       WHERE provider = $1 AND provider_ref = $2 AND ($3::uuid IS NULL OR business_id = $3)`,
      [input.provider, input.providerRef, input.businessId ?? null],
    );
    if (templates.length === 0) {
      log.warn(
        { provider: input.provider, providerRef: input.providerRef },
        "category update for an unknown template",
      );
      return [];
    }
    if ((templateCategories as readonly string[]).includes(category)) {
      await rawQuery(
        tx.db,
        `UPDATE templates SET category = $2, updated_at = now() WHERE id = ANY($1::uuid[])`,
        [templates.map((t) => t.id), category],
      );
    }
    const previous = input.previousCategory ?? templates[0]!.category ?? "unknown";
    const reason = `Template category changed from ${previous} to ${category} (stopOnCategoryUpdate)`;
    // Row locks in id order, after any scheduler step in progress: the stop then holds.
    const stopped = await rawQuery<{ id: string }>(
      tx.db,
      `WITH s AS (
         SELECT id FROM promotions
         WHERE template_id = ANY($1::uuid[]) AND business_id = ANY($2::uuid[]) AND stop_on_category_update
           AND status IN ('Scheduled', 'Active')
         ORDER BY id FOR UPDATE)
       UPDATE promotions p SET status = 'Stopped', status_reason = $3, next_run_at = NULL, paced_until = NULL,
         updated_at = now()
       FROM s WHERE p.id = s.id RETURNING p.id`,
      [templates.map((t) => t.id), [...new Set(templates.map((t) => t.business_id))], reason],
    );
    return stopped.map((s) => s.id);
  });
}
