import { z } from "zod";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { invalidInput, notFound } from "../../errors";
import { isUuid } from "../../ids";
import { valuePosition } from "../lists/list-columns";
import { streamListRejects } from "../lists/stream-list-rejects";
import { variableCells, type VariableColumn } from "./variable-columns";

/** The wizard's `?vars=` of the refused rows download: the dry run's variables, as JSON. */
export const variablesParam = z
  .string()
  .max(20_000)
  .transform((s, c) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      c.addIssue({ code: "custom", message: "Not JSON" });
      return z.NEVER;
    }
  })
  .pipe(
    z.array(z.object({ variable: z.string().min(1).max(100), column: z.string().min(1).max(200) })).max(100),
  );

/**
 * The refused rows of the dry run (its `vars` as the wizard sent them) on a list of the business:
 * the list's rejects and its rows with an empty cell for one of the variables.
 */
export async function refusedRowsOfList(
  ctx: Ctx,
  businessId: string,
  listId: string,
  vars: string | null,
): Promise<AsyncGenerator<string>> {
  const parsed = variablesParam.safeParse(vars ?? "[]");
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid variables", "vars");
  const [list] = isUuid(listId)
    ? await rawQuery<{ columns: string[] }>(
        ctx.db,
        "SELECT columns FROM target_lists WHERE id = $1 AND business_id = $2",
        [listId, businessId],
      )
    : [];
  if (!list) throw notFound("List");
  const cells = parsed.data
    .map((v: VariableColumn) => ({ ...v, column: v.column.toLowerCase() }))
    .filter((v) => v.column !== "phone")
    .map((v) => ({ ...v, position: valuePosition(list.columns, v.column) }));
  return streamListRejects(ctx, businessId, listId, cells);
}

/**
 * A launched campaign's refused rows (those its round-0 `refused` counts): its list's rejects
 * and the list rows with an empty cell for one of the variables of its template, as at launch.
 */
export async function refusedRowsOfPromotion(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
): Promise<{ rows: AsyncGenerator<string>; fileName: string }> {
  const [p] = isUuid(promotionId)
    ? await rawQuery<{ name: string; list_id: string | null; columns: string[] | null; template: unknown }>(
        ctx.db,
        `SELECT p.name, p.target_list_id AS list_id, l.columns, p.template FROM promotions p
         LEFT JOIN target_lists l ON l.id = p.target_list_id AND l.business_id = p.business_id
         WHERE p.id = $1 AND p.business_id = $2`,
        [promotionId, businessId],
      )
    : [];
  if (!p?.list_id || !p.columns) throw notFound("Refused rows of the campaign");
  const components = (p.template as { components?: unknown[] } | null)?.components ?? [];
  return {
    rows: streamListRejects(ctx, businessId, p.list_id, variableCells(p.columns, components)),
    fileName: `${p.name.replace(/[^\w.-]+/g, "_").slice(0, 80) || "campaign"}-refused-rows.csv`,
  };
}
