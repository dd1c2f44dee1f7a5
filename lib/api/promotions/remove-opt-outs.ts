/**
 * Remove numbers from the opt-out list (opt-outs; not in the spec).
 * DELETE /api/v3/optouts/{business_id}
 */
import { createRoute, z } from "@hono/zod-openapi";
import { removeOptOuts } from "@/lib/promotions/opt-outs/remove-opt-outs";
import { getDefaultCountry } from "@/lib/businesses/get-default-country";
import { readTypedPhones } from "@/lib/phone/typed-phones";
import { optOutPhonesInput } from "@/lib/promotions/opt-outs/schemas";
import { businessIdParam } from "../schemas";
import { withBusiness } from "../with-business";
import { changed, PATH, phonesBody, RefusedDoc } from "./opt-out-schemas";

export type RemoveOptOutsRequest = z.input<typeof optOutPhonesInput>;
export type RemoveOptOutsResponse = { removed: number; invalid: Array<z.infer<typeof RefusedDoc>> };

export const contract = createRoute({
  method: "delete",
  path: PATH,
  tags: ["Promotions"],
  summary: "Remove numbers from the opt-out list",
  description: "The customer opted back in: later promotions send to them again.",
  request: { params: businessIdParam, body: phonesBody },
  responses: changed("removed"),
});

export const removeOptOutsOperation = withBusiness({ contract }, async (c, { ctx, businessId, keyId }) => {
  const { valid, refused } = readTypedPhones(
    c.req.valid("json").phones,
    await getDefaultCountry(ctx, businessId),
  );
  const removed = await removeOptOuts(ctx, { businessId, phones: valid, source: "api", sourceRef: keyId });
  return c.json({ removed, invalid: refused }, 200);
});
