import { isSupportedCountry } from "libphonenumber-js";
import type { Ctx } from "../../context";
import { invalid } from "../../errors";
import { ingestList, type ListUploadInput } from "./ingest-list";
import { listDryRun, type DryRunTotals } from "./list-dry-run";
import type { ListSummary, RejectedRow } from "./schemas";

export type WizardUpload = { list: ListSummary; rejectedRows: RejectedRow[]; totals: DryRunTotals };

/**
 * The wizard's dry run: the CSV streams into the list `name` with the chosen phone column and
 * default country (ingestList checks every row on the way), then the totals a launch would
 * meet: valid rows, invalid ones, duplicates and opted-out numbers. Nothing is sent.
 */
export async function uploadWizardList(ctx: Ctx, input: ListUploadInput): Promise<WizardUpload> {
  const country = input.defaultCountry?.toUpperCase();
  if (country !== undefined && !isSupportedCountry(country)) {
    throw invalid(`'${input.defaultCountry}' is not a country code such as IN or US`, [
      { path: "defaultCountry", message: "Unknown country" },
    ]);
  }
  const { list, rejectedRows } = await ingestList(ctx, { ...input, defaultCountry: country });
  return { list, rejectedRows, totals: await listDryRun(ctx, input.businessId, list.id) };
}
