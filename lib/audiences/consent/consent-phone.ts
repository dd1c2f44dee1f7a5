import type { Ctx } from "../../context";
import { invalid } from "../../errors";
import { phoneReader } from "../subscriber-phone";

/** A number as the ledger keeps it (E.164 digits), or a 400 naming `path`. */
export async function consentPhone(
  ctx: Ctx,
  businessId: string,
  raw: string,
  path = "phone",
): Promise<string> {
  const read = (await phoneReader(ctx, businessId))(raw);
  if (!read.ok) throw invalid(`Invalid request: ${path}: ${read.reason}`, [{ path, message: read.reason }]);
  return read.phone;
}
