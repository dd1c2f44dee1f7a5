import { describe, expect, it } from "vitest";
import { inTransaction, systemCtx } from "@/lib/context";
import { uuidv7 } from "@/lib/ids";
import { publishChange, type ConversationChange } from "../publish-change";
import { waitFor } from "@/test/wait-for";
import { subscribeChanges } from "./change-hub";

// @isolated: the hub is process-wide, and a stream another file left open would hold its connection.

describe("conversation change hub", () => {
  it("hears a change at commit, never one rolled back", async () => {
    const seen: ConversationChange[] = [];
    const stop = await subscribeChanges((c) => seen.push(c));
    try {
      const businessId = uuidv7();
      const change = {
        businessId,
        conversationId: uuidv7(),
        kind: "message" as const,
        assigneeId: null,
        teamId: null,
      };
      // "Not heard" is decided on an event, not a clock: a marker committed after the change
      // was published (and before, or after, its own commit) is heard in commit order.
      const marker = async () => {
        const id = uuidv7();
        await publishChange(systemCtx("test"), { ...change, businessId: id });
        await waitFor(() => seen.some((c) => c.businessId === id));
        expect(seen.some((c) => c.businessId === id)).toBe(true);
      };
      await inTransaction(systemCtx("test"), async (tx) => {
        await publishChange(tx, change);
        await marker();
        expect(seen.filter((c) => c.businessId === businessId)).toEqual([]);
      });
      await waitFor(() => seen.some((c) => c.businessId === businessId));
      expect(seen.filter((c) => c.businessId === businessId)).toEqual([change]);

      await inTransaction(systemCtx("test"), async (tx) => {
        await publishChange(tx, { ...change, kind: "note" });
        throw new Error("roll back");
      }).catch(() => undefined);
      await marker();
      expect(seen.filter((c) => c.businessId === businessId)).toHaveLength(1);
    } finally {
      stop();
    }
  });
});
