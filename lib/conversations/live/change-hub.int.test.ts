import { describe, expect, it } from "vitest";
import { customerWrites } from "@/test/conversations";
import { createTestBusiness } from "@/test/factories";
import type { ConversationChange } from "../publish-change";
import { waitFor } from "@/test/wait-for";
import { subscribeChanges } from "./change-hub";

// A customer's message reaches the hub through NOTIFY (change-hub-notify.int.test.ts checks the
// commit rule).
// @isolated: the hub is process-wide, and a stream another file left open would hold its connection.

describe("conversation change hub", () => {
  it("tells a subscriber of a customer's message within a second", async () => {
    const t = await createTestBusiness();
    const seen: ConversationChange[] = [];
    const stop = await subscribeChanges((c) => seen.push(c));
    try {
      const started = Date.now();
      await customerWrites(t, "919555000111", "hello");
      await waitFor(() => seen.some((c) => c.businessId === t.business.id));
      expect(seen.some((c) => c.businessId === t.business.id)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      stop();
    }
  });
});
