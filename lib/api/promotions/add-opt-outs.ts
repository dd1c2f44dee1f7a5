/**
 * Add numbers to the opt-out list (opt-outs; not in the spec).
 * POST /api/v3/optouts/{business_id}
 */
import { createRoute, z } from "@hono/zod-openapi";
import { addOptOuts } from "@/lib/promotions/opt-outs/add-opt-outs";
import { getDefaultCountry } from "@/lib/businesses/get-default-country";
import { readTypedPhones } from "@/lib/phone/typed-phones";
import { optOutPhonesInput } from "@/lib/promotions/opt-outs/schemas";
import { businessIdParam } from "../schemas";
import { withBusiness } from "../with-business";
import { changed, PATH, phonesBody, RefusedDoc } from "./opt-out-schemas";

export type AddOptOutsRequest = z.input<typeof optOutPhonesInput>;
export type AddOptOutsResponse = { added: number; invalid: Array<z.infer<typeof RefusedDoc>> };

export const contract = createRoute({
  method: "post",
  path: PATH,
  tags: ["Promotions"],
  summary: "Add numbers to the opt-out list",
  description: "Up to 1,000 numbers (with country code, or national with the business's default country).",
  request: { params: businessIdParam, body: phonesBody },
  responses: changed("added"),
});

export const addOptOutsOperation = withBusiness({ contract }, async (c, { ctx, businessId, keyId }) => {
  const { valid, refused } = readTypedPhones(
    c.req.valid("json").phones,
    await getDefaultCountry(ctx, businessId),
  );
  const added = (await addOptOuts(ctx, { businessId, phones: valid, source: "api", sourceRef: keyId }))
    .length;
  return c.json({ added, invalid: refused }, 200);
});
