import { createWriteStream } from "node:fs";
import { once } from "node:events";

/**
 * E1's list file (bench/promotion-ingest.ts, bench/e1-in-sql.ts): a header and `rows` distinct
 * Indian mobile numbers with four more columns (name, order, city, subscriber id), ~56 bytes a
 * row, written in 1 MiB chunks.
 */
export async function writeE1Csv(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write("phone,name,order,city,businesssubscriberid\n");
  let chunk = "";
  for (let i = 0; i < rows; i++) {
    chunk += `9198${String(10_000_000 + i).slice(-8)},Subscriber ${i},A-${100_000 + i},Pune,CRM-${i}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
}
