// The list intake's phone check on its own (lib/phone/phone-cell.ts, what E1 runs per row):
// 200,000 cells of each form (plain E.164 digits, as bench/lib/e1-csv.ts writes them; typed
// "+91 98..."; national 10-digit with default country IN; spreadsheet "'91..." and "91....0")
// read by readPhoneCell, against the baseline in the same run: libphonenumber's own parse of the
// same cells (parsePhoneNumberFromString + isValid, min metadata). Prints µs per cell and the
// ratio. Distinct numbers, so the recent-answers cache of readInternational does not help.
// Run: npx tsx bench/phone-cells.ts   Env: BENCH_N (cells per form, default 200000).
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { readPhoneCell } from "../lib/phone/phone-cell";

const N = Number(process.env.BENCH_N ?? 200_000);
const national = (i: number) => `98${String(10_000_000 + i).slice(-8)}`;
const forms: Record<string, (i: number) => string> = {
  "plain E.164": (i) => `91${national(i)}`,
  "typed +91 98.. ..": (i) => `+91 ${national(i).slice(0, 5)} ${national(i).slice(5)}`,
  "national (IN)": (i) => national(i),
  "spreadsheet '91..": (i) => `'91${national(i)}`,
  "spreadsheet 91...0": (i) => `91${national(i)}.0`,
};

/** µs per cell, and the share of cells read as a number. */
function time(cells: string[], read: (raw: string) => unknown): [number, number] {
  const t = performance.now();
  let ok = 0;
  for (const c of cells) if (typeof read(c) === "string") ok++;
  const ms = performance.now() - t;
  return [(ms * 1000) / cells.length, ok / cells.length];
}

/** The parse alone: with its calling code when it reads as one, else as a number of IN. */
const baseline = (raw: string) => {
  const text = raw.replace(/^'/, "").replace(/\.0$/, "");
  const p = parsePhoneNumberFromString(text.startsWith("+") ? text : `+${text}`);
  if (p?.isValid()) return p.number as string;
  const q = parsePhoneNumberFromString(text, "IN");
  return q?.isValid() ? (q.number as string) : undefined;
};

console.log(`phone cells, ${N} per form (µs per cell; lower is better)`);
console.log("| form | readPhoneCell | read | libphonenumber parse | ratio |");
console.log("|---|---:|---:|---:|---:|");
let offset = 0;
for (const [name, make] of Object.entries(forms)) {
  // Different numbers for each reading: neither sees a number the other already read.
  const ours = Array.from({ length: N }, (_, i) => make(offset + i));
  const theirs = Array.from({ length: N }, (_, i) => make(offset + N + i));
  offset += 2 * N;
  time(ours.slice(0, 2000), (c) => readPhoneCell(c, "IN")); // warm-up
  time(theirs.slice(0, 2000), baseline);
  const [a, read] = time(ours, (c) => readPhoneCell(c, "IN"));
  const [b] = time(theirs, baseline);
  console.log(
    `| ${name} | ${a.toFixed(2)} | ${(read * 100).toFixed(0)}% | ${b.toFixed(2)} | ${(a / b).toFixed(2)}x |`,
  );
}
