import { eq, sql } from "drizzle-orm";
import { targetLists } from "@/db/schema";
import { getDefaultCountry } from "../../businesses/get-default-country";
import { inTransaction, type Ctx } from "../../context";
import { env } from "../../env";
import { invalid, invalidInput } from "../../errors";
import { uuidv7 } from "../../ids";
import { readPhoneCell } from "../../phone/phone-cell";
import { checkListRow, DUPLICATE_REASON, isReject, rejectRow, type ListReject } from "./check-list-row";
import type { CsvRecord } from "./csv-records";
import { csvRows } from "./csv-rows";
import type { ListRow } from "./list-cells";
import { parseListHeader, type ListHeader } from "./list-header";
import { copyRowSink, type PlainRows, type RowSink } from "./row-sinks";
import { analyzeListRows } from "./analyze-list-rows";
import { dropList } from "./drop-list";
import { valuePosition } from "./list-columns";
import { PhoneSet } from "./phone-set";
import { removeDuplicateRows } from "./remove-duplicate-rows";
import { listRejects } from "./list-rejects";
import { listName, type ListSummary, type RejectedRow } from "./schemas";
import { uploadName } from "./upload-name";
import { writeRejects } from "./write-rejects";

export type IngestResult = { list: ListSummary; rejectedRows: RejectedRow[] };

/** A CSV upload into the business's target list `name` (API, dashboard lists page, campaign wizard). */
export type ListUploadInput = {
  businessId: string;
  name: string;
  source: AsyncIterable<Uint8Array>;
  createdBy?: string | null;
  /** The header of the phone column (any case); default: the first of phone, mobile, msisdn, number. */
  phoneColumn?: string;
  /** ISO 3166 alpha-2 country for numbers without a code; default: the business's default country. */
  defaultCountry?: string;
};

/**
 * Numbers the upload keeps in memory to refuse repeats as they stream (32 MiB at most: PhoneSet);
 * a larger file's remaining duplicates are found in SQL once its rows are stored.
 */
const DEDUPE_IN_MEMORY_MAX = 2_000_000;

/**
 * Uploads a CSV into the business's target list `name`, streaming: rows are checked one by one
 * as they are parsed (plain E.164 digits without a libphonenumber parse) and written once, in
 * one binary COPY; a number seen before in the file is refused as it streams (PhoneSet; past its
 * bound the rest are found in SQL by removeDuplicateRows), so memory stays bounded whatever the
 * file size. Bad rows are stored as rejects with their number and reason; they never fail the
 * upload. The new rows go into a fresh list under a hidden name and replace the list of that
 * name in one short transaction at the end: readers (a launch) see the old list or the new
 * one, never half of it, and no transaction stays open while the client sends the file.
 */
export async function ingestList(
  ctx: Ctx,
  input: ListUploadInput & {
    /** Refresh the rows' planner statistics (default true; a launch that follows does it). */
    analyze?: boolean;
    /**
     * Rows above which the rows' key is left to the launch that follows (its preparation builds
     * it, after E1's answer: keyListRows); default: the upload builds it.
     */
    keyLaterAbove?: number;
    /** Numbers held in memory to find duplicates (default DEDUPE_IN_MEMORY_MAX; tests lower it). */
    dedupeInMemoryMax?: number;
  },
): Promise<IngestResult> {
  const parsed = listName.safeParse(input.name);
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid list name", "name");
  const name = parsed.data;
  const { businessId } = input;
  const defaultCountry = input.defaultCountry ?? (await getDefaultCountry(ctx, businessId));
  const id = uuidv7();
  await ctx.db.insert(targetLists).values({
    id,
    businessId,
    name: uploadName(id),
    columns: [],
    phoneColumn: "",
    createdBy: input.createdBy ?? null,
  });
  let sink: RowSink | undefined;
  try {
    let header: ListHeader | undefined;
    let accepted = 0;
    let rejected = 0;
    const seen = new PhoneSet(input.dedupeInMemoryMax ?? DEDUPE_IN_MEMORY_MAX);
    // Rows of a plain stretch of the file come as bytes (csvRows): one cell (the phone) is read
    // as text, the rest go to the COPY as they came.
    const plainColumns = () => (header!.columns.length === header!.keys.length ? header!.keys.length : -1);
    const source = csvRows(input.source, { maxBytes: env().PROMOTION_LIST_MAX_BYTES, columns: plainColumns });
    for await (const part of source) {
      if ("header" in part) {
        header = parseListHeader(part.header, input.phoneColumn);
        sink = await copyRowSink(id, businessId);
        continue;
      }
      const rows: ListRow[] = [];
      const rejects: ListReject[] = [];
      const take = (record: CsvRecord) => {
        const checked = checkListRow(record, header!, defaultCountry);
        if (isReject(checked)) rejects.push(checked);
        else if (seen.add(checked.phone)) rows.push(checked);
        else rejects.push(rejectRow(record, header!, DUPLICATE_REASON));
      };
      let plain: PlainRows | undefined;
      if ("records" in part) part.records.forEach(take);
      else {
        const bytes = part.rows;
        plain = { rows: bytes, picked: [], phones: [] };
        for (let i = 0; i < bytes.count; i++) {
          if (!bytes.plain[i]) {
            take(bytes.record(i));
            continue;
          }
          const e164 = readPhoneCell(bytes.cell(i, header!.phoneIndex), defaultCountry);
          if (typeof e164 !== "string") rejects.push(rejectRow(bytes.record(i), header!, e164.reason));
          else if (!seen.add(e164)) rejects.push(rejectRow(bytes.record(i), header!, DUPLICATE_REASON));
          else {
            plain.picked.push(i);
            plain.phones.push(e164);
          }
        }
      }
      const written = rows.length + (plain?.picked.length ?? 0);
      if (written > 0) await sink!.write(rows, plain);
      await writeRejects(ctx.db, id, businessId, rejects);
      accepted += written;
      rejected += rejects.length;
    }
    await sink?.end({ key: input.keyLaterAbove === undefined || accepted <= input.keyLaterAbove });
    sink = undefined;
    // For the dry run's opt-out join (a launch analyzes them itself: prepareRecipients).
    if (input.analyze !== false) await analyzeListRows(ctx.db, id, accepted);
    if (accepted > 0 && seen.full) {
      // More numbers than the in-memory set holds: the rest of the duplicates are found in SQL.
      const phonePosition = valuePosition(header!.columns, header!.keys[header!.phoneIndex]!);
      const duplicates = await removeDuplicateRows(ctx.db, { listId: id, businessId, phonePosition });
      accepted -= duplicates;
      rejected += duplicates;
    }
    const shown = rejected > 0 ? await listRejects(ctx, businessId, id) : [];
    if (accepted === 0) {
      throw invalid(`The CSV has no valid row (${rejected} rejected)`, [
        { path: "file", message: "No valid row" },
        ...shown.slice(0, 10).map((r) => ({ path: `file.row.${r.rowNumber}`, message: r.reason })),
      ]);
    }
    const list = await replaceList(ctx, { id, businessId, name, header: header!, accepted, rejected });
    return { list, rejectedRows: shown };
  } catch (err) {
    sink?.abort();
    await ctx.db
      .delete(targetLists)
      .where(eq(targetLists.id, id))
      .catch(() => undefined);
    throw err;
  }
}

/**
 * Gives the uploaded list its name, dropping the list that had it (with its rows and rejects,
 * or retired while promotions read their values from it: dropList).
 */
async function replaceList(
  ctx: Ctx,
  input: {
    id: string;
    businessId: string;
    name: string;
    header: ListHeader;
    accepted: number;
    rejected: number;
  },
): Promise<ListSummary> {
  return inTransaction(ctx, async (tx) => {
    // Two uploads of one name finishing together: the second waits and replaces the first.
    await tx.db.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${input.businessId} || ':' || ${input.name}))`,
    );
    await dropList(tx.db, { businessId: input.businessId, name: input.name });
    await tx.db
      .update(targetLists)
      .set({
        name: input.name,
        columns: input.header.columns,
        phoneColumn: input.header.phoneColumn,
        rowCount: input.accepted,
        rejectedCount: input.rejected,
        updatedAt: sql`now()`,
      })
      .where(eq(targetLists.id, input.id));
    return {
      id: input.id,
      name: input.name,
      columns: input.header.columns,
      phoneColumn: input.header.phoneColumn,
      rowCount: input.accepted,
      rejectedCount: input.rejected,
    };
  });
}
