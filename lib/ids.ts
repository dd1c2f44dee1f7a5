import { randomBytes } from "node:crypto";

let lastMs = 0;
let seq = 0;

// randomBytes per id is a synchronous crypto call each time; a bulk send makes 10,000 ids, so
// random bytes are drawn 4 KiB at a time.
const POOL = 4096;
let pool = Buffer.alloc(0);
let offset = POOL;
function random16(): Buffer {
  if (offset + 16 > pool.length) {
    pool = randomBytes(POOL);
    offset = 0;
  }
  const b = Buffer.from(pool.subarray(offset, offset + 16));
  offset += 16;
  return b;
}

/**
 * UUIDv7 (RFC 9562): 48-bit millisecond timestamp, then random bits. Time-ordered, so
 * primary-key inserts stay at the right edge of the index. A 12-bit counter in rand_a keeps
 * ids generated within one millisecond in order.
 */
export function uuidv7(): string {
  let now = Date.now();
  if (now <= lastMs) {
    seq++;
    if (seq > 0xfff) {
      lastMs++;
      seq = 0;
    }
    now = lastMs;
  } else {
    lastMs = now;
    seq = 0;
  }
  const b = random16();
  b.writeUIntBE(now, 0, 6);
  b[6] = 0x70 | ((seq >> 8) & 0x0f);
  b[7] = seq & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

/** The smallest UUIDv7 of millisecond `ms`: ids made at `ms` or later sort at or after it. */
export function uuidv7Floor(ms: number): string {
  const h = Math.max(0, Math.floor(ms)).toString(16).padStart(12, "0");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-0000-0000-000000000000`;
}

/** The millisecond a UUIDv7 was made at (its first 48 bits). */
export function uuidv7Ms(id: string): number {
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
