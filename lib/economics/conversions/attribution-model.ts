import { z } from "zod";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { setBusinessSetting } from "../../businesses/set-business-setting";
import { notFound } from "../../errors";
import { attributionModel, type AttributionModel } from "./attribution-models";

export const setAttributionModelInput = z.object({ businessId: z.uuid(), model: attributionModel });

/** The business's attribution model, read now. 404 for an unknown business. */
export async function getAttributionModel(ctx: Ctx, businessId: string): Promise<AttributionModel> {
  const [row] = await rawQuery<{ model: AttributionModel }>(
    ctx.db,
    "SELECT attribution_model AS model FROM businesses WHERE id = $1",
    [businessId],
  );
  if (!row) throw notFound("Business");
  return row.model;
}

/**
 * Sets the model new conversions are attributed by; conversions already stored keep their
 * campaign (an attribution is never rewritten). Audited with who changed it.
 */
export async function setAttributionModel(
  ctx: Ctx,
  raw: z.input<typeof setAttributionModelInput>,
): Promise<{ attributionModel: AttributionModel }> {
  const input = setAttributionModelInput.parse(raw);
  await setBusinessSetting(
    ctx,
    input.businessId,
    "attributionModel",
    input.model,
    "business.attribution_model",
  );
  return { attributionModel: input.model };
}
