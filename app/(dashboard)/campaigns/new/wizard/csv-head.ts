import Papa from "papaparse";
import { PHONE_COLUMN_ALIASES } from "@/lib/promotions/lists/list-header";

export type CsvHead = { columns: string[]; rows: Record<string, string>[] };

/**
 * The header and first `rows` data rows of a CSV, read in the browser from the start of the
 * file only (papaparse `preview`), so a 200 MB file opens at once. The server reads the whole
 * file in the dry run.
 */
export function readCsvHead(file: File, rows = 10): Promise<CsvHead> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      preview: rows + 1,
      skipEmptyLines: "greedy",
      complete: (res) => {
        const [header, ...data] = res.data;
        const columns = (header ?? []).map((h) => h.replace(/^\uFEFF/, "").trim()).filter(Boolean);
        if (columns.length === 0) return reject(new Error("The file has no header row"));
        resolve({
          columns,
          rows: data.map((cells) => Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? ""]))),
        });
      },
      error: (err) => reject(err),
    });
  });
}

/** The phone column the server would pick (PHONE_COLUMN_ALIASES, any case), or "". */
export function detectPhoneColumn(columns: string[]): string {
  for (const alias of PHONE_COLUMN_ALIASES) {
    const hit = columns.find((c) => c.toLowerCase() === alias);
    if (hit) return hit;
  }
  return "";
}
