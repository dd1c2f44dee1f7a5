import { getDefaultCountry } from "../../businesses/get-default-country";
import type { Ctx } from "../../context";
import { env } from "../../env";
import { invalid } from "../../errors";
import { csvRecords } from "../lists/csv-records";
import { PHONE_COLUMN_ALIASES } from "../lists/list-header";
import { REJECTS_SHOWN } from "../lists/schemas";
import { addOptOuts } from "./add-opt-outs";
import { readTypedPhones } from "../../phone/typed-phones";

export type ImportOptOutsResult = {
  /** Numbers put on the list by this import. */
  added: number;
  /** Valid numbers that were on the list already (or twice in the file). */
  already: number;
  /** Rows whose phone is not a valid number, counted; the first 100 listed. */
  invalidCount: number;
  invalid: Array<{ row: number; phone: string; reason: string }>;
};

/**
 * Imports a CSV of numbers into the business's opt-out list (source `import`), streamed: a
 * file with a phone column (phone, mobile, msisdn or number, any case) is read by that column;
 * otherwise every row's first cell is a number, and so is the first line's when it holds digits. Numbers are
 * read as the API's (readTypedPhones, the business's default country); bad ones never fail
 * the import, they are counted with their row number and reason.
 */
export async function importOptOuts(
  ctx: Ctx,
  input: { businessId: string; source: AsyncIterable<Uint8Array> },
): Promise<ImportOptOutsResult> {
  const result: ImportOptOutsResult = { added: 0, already: 0, invalidCount: 0, invalid: [] };
  const country = await getDefaultCountry(ctx, input.businessId);
  let phoneIndex = 0;
  let shift = 0;
  const take = async (rows: Array<{ row: number; phone: string }>) => {
    const phones = rows.map((r) => r.phone.trim());
    const { valid, refused } = readTypedPhones(phones, country);
    const added = await addOptOuts(ctx, {
      businessId: input.businessId,
      phones: valid,
      source: "import",
      sourceRef: ctx.actor.id,
    });
    result.added += added.length;
    result.already += rows.length - refused.length - added.length;
    result.invalidCount += refused.length;
    for (const r of refused.slice(0, REJECTS_SHOWN - result.invalid.length)) {
      result.invalid.push({
        row: rows[r.index]!.row,
        phone: r.phone,
        reason: r.phone ? r.reason : "Phone is required",
      });
    }
  };
  for await (const part of csvRecords(input.source, {
    maxBytes: env().PROMOTION_LIST_MAX_BYTES,
    batch: 1_000,
  })) {
    if ("header" in part) {
      const keys = part.header.map((h) => h.trim().toLowerCase());
      const named = PHONE_COLUMN_ALIASES.map((a) => keys.indexOf(a)).find((i) => i >= 0);
      if (named !== undefined) phoneIndex = named;
      else if (/\d/.test(part.header[0] ?? "")) {
        // No header (the first cell holds digits): the first line is a number like the others.
        shift = 1;
        await take([{ row: 1, phone: part.header[0] ?? "" }]);
      }
      continue;
    }
    await take(part.records.map((r) => ({ row: r.rowNumber + shift, phone: r.cells[phoneIndex] ?? "" })));
  }
  if (result.added + result.already + result.invalidCount === 0) {
    throw invalid("The file has no phone numbers: one number per row, or a column named phone", [
      { path: "file", message: "No numbers" },
    ]);
  }
  return result;
}
