import { csvRows } from "./lib/promotions/lists/csv-rows.ts";
import { csvRecords } from "./lib/promotions/lists/csv-records.ts";
import { checkListRow, checkPhone } from "./lib/promotions/lists/check-list-row.ts";
import { parseListHeader } from "./lib/promotions/lists/list-header.ts";
import { ListRowsBinaryWriter } from "./lib/promotions/lists/copy-binary-rows.ts";
import { PhoneSet } from "./lib/promotions/lists/phone-set.ts";
const parts: string[] = ["phone,name,order,city,businesssubscriberid\n"];
for (let i = 0; i < 1_000_000; i++) parts.push(`9198${String(10_000_000 + i).slice(-8)},Subscriber ${i},A-${100_000 + i},Pune,CRM-${i}\n`);
const buf = Buffer.from(parts.join(""));
const size = Number(process.env.CHUNK ?? 65536);
async function* chunks() { for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size); }
async function bytesPath() {
  const w = new ListRowsBinaryWriter(); const seen = new PhoneSet(2_000_000); let header: any; let out = 0;
  for await (const p of csvRows(chunks(), { maxBytes: 1 << 30, columns: () => header.keys.length })) {
    if ("header" in p) { header = parseListHeader(p.header); continue; }
    if ("records" in p) throw new Error("records");
    const r = p.rows;
    for (let i = 0; i < r.count; i++) { const e = checkPhone(r.cell(i, header.phoneIndex), "IN"); if (typeof e === "string" && seen.add(e)) w.plainRow(e, r, i); }
    for (const b of w.take()) out += b.length;
  }
  return out;
}
async function textPath() {
  const w = new ListRowsBinaryWriter(); const seen = new PhoneSet(2_000_000); let header: any; let out = 0;
  for await (const p of csvRecords(chunks(), { maxBytes: 1 << 30 })) {
    if ("header" in p) { header = parseListHeader(p.header); continue; }
    for (const rec of p.records) { const c = checkListRow(rec, header, "IN"); if ("cells" in c && seen.add(c.phone)) w.row(c.rowNumber, c.phone, c.cells); }
    for (const b of w.take()) out += b.length;
  }
  return out;
}
const only = process.env.ONLY;
for (let rep = 0; rep < 5; rep++) {
  if (only === "bytes") { const t0 = performance.now(); await bytesPath(); console.log("bytes", (performance.now() - t0).toFixed(0)); continue; }
  const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
  let t = cpu(); const a = await bytesPath(); const ta = cpu() - t;
  t = cpu(); const b = await textPath(); const tb = cpu() - t;
  console.log(`bytes ${ta.toFixed(0)} ms (${a}) text ${tb.toFixed(0)} ms (${b})`);
}
