import { describe, expect, it } from "vitest";
import { groupCommit } from "./group-commit";

let n = 0;
const unique = () => `test-${Date.now()}-${n++}`;

describe("groupCommit", () => {
  it("writes the items submitted together in one batch, within the size limit", async () => {
    const batches: number[][] = [];
    const submit = groupCommit<number>({
      name: unique(),
      write: async (batch) => void batches.push(batch),
      size: (x) => x,
      maxBatch: 10,
      maxInFlight: () => 1,
    });
    await Promise.all([1, 2, 3, 4, 5, 6].map(submit));
    // 1+2+3+4 = 10 fits; adding 5 would pass it, and so would 5+6: they go one batch each.
    expect(batches).toEqual([[1, 2, 3, 4], [5], [6]]);
  });

  it("keeps at most maxInFlight batches writing", async () => {
    let writing = 0;
    let most = 0;
    const submit = groupCommit<number>({
      name: unique(),
      write: async () => {
        most = Math.max(most, ++writing);
        await new Promise((r) => setTimeout(r, 5));
        writing--;
      },
      size: () => 1,
      maxBatch: 1,
      maxInFlight: () => 2,
    });
    await Promise.all(Array.from({ length: 8 }, (_, i) => submit(i)));
    expect(most).toBe(2);
  });

  it("never writes one key in two batches at once, and lets other keys go beside it", async () => {
    const writing = new Map<string, number>();
    const batches: string[][] = [];
    let overlapped = false;
    let release!: () => void;
    const firstHeld = new Promise<void>((r) => (release = r));
    const submit = groupCommit<string>({
      name: unique(),
      write: async (batch) => {
        batches.push(batch);
        const keys = new Set(batch.map((x) => x[0]!));
        for (const k of keys) {
          if (writing.get(k)) overlapped = true;
          writing.set(k, (writing.get(k) ?? 0) + 1);
        }
        if (batches.length === 1) await firstHeld;
        else await new Promise((r) => setTimeout(r, 2));
        for (const k of keys) writing.set(k, writing.get(k)! - 1);
      },
      size: () => 1,
      maxBatch: 100,
      maxInFlight: () => 4,
      exclusiveKey: (x) => x[0]!,
    });
    const first = submit("a1");
    await new Promise((r) => setImmediate(r));
    // While a1's batch is held: more of a, and b's. The b's go at once; the a's wait, together.
    const rest = ["a2", "b1", "a3", "b2"].map(submit);
    await new Promise((r) => setTimeout(r, 20));
    expect(batches).toEqual([["a1"], ["b1", "b2"]]);
    release();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([["a1"], ["b1", "b2"], ["a2", "a3"]]);
    expect(overlapped).toBe(false);
  });

  it("retries a failed batch item by item, so only the bad item fails", async () => {
    const written: number[] = [];
    const submit = groupCommit<number>({
      name: unique(),
      write: async (batch) => {
        if (batch.includes(13)) throw new Error("bad item");
        written.push(...batch);
      },
      size: () => 1,
      maxBatch: 100,
      maxInFlight: () => 1,
    });
    const results = await Promise.allSettled([12, 13, 14].map(submit));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(written.sort()).toEqual([12, 14]);
  });
});
