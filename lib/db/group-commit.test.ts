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
