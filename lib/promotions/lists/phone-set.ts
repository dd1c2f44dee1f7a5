/**
 * The numbers of a list upload seen so far, to refuse a repeated one as it streams: an
 * open-addressing hash set of E.164 numbers held as doubles (15 digits fit exactly), 8 bytes a
 * slot, at most half full. A million numbers take 16 MiB instead of ~60 MiB in a Set of
 * strings. At `maxEntries` numbers it stops (`full`, its memory freed): the caller then finds the remaining duplicates
 * in SQL, so memory stays bounded whatever the file.
 */
export class PhoneSet {
  private slots = new Float64Array(1 << 16);
  private mask = (1 << 16) - 1;
  private size = 0;
  full = false;

  constructor(private readonly maxEntries: number) {}

  /** Adds an E.164 number (digits, no '+'); false when it was already there. */
  add(e164: string): boolean {
    if (this.full) return true;
    const key = Number(e164);
    let i = hash(key) & this.mask;
    for (;;) {
      const slot = this.slots[i]!;
      if (slot === 0) break;
      if (slot === key) return false;
      i = (i + 1) & this.mask;
    }
    this.slots[i] = key;
    if (++this.size >= this.maxEntries) {
      this.full = true;
      this.slots = new Float64Array(0);
    } else if (this.size * 2 > this.slots.length) this.grow();
    return true;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2);
    this.mask = this.slots.length - 1;
    for (const key of old) {
      if (key === 0) continue;
      let i = hash(key) & this.mask;
      while (this.slots[i] !== 0) i = (i + 1) & this.mask;
      this.slots[i] = key;
    }
  }
}

/** Mixes a number of up to 15 digits into 32 bits (its low and high halves, multiplied). */
function hash(key: number): number {
  const lo = key % 0x100000000;
  const hi = (key - lo) / 0x100000000;
  return Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b) ^ (lo >>> 15);
}
