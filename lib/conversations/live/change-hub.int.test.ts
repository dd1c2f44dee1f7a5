import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { inTransaction } from "@/lib/context";
import { uuidv7 } from "@/lib/ids";
import { databaseUrl } from "@/lib/db";
import { isEmbeddedUrl } from "@/lib/db/embedded-url";
import { customerWrites } from "@/test/conversations";
import { createTestBusiness } from "@/test/factories";
import { publishChange, type ConversationChange } from "../publish-change";
import { subscribeChanges } from "./change-hub";

const waitFor = async (f: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!f() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

// NOTIFY reaches the hub on PostgreSQL only; the embedded database is polled (change-hub.ts).
// @isolated: the hub is process-wide, and a stream another file left open would hold its poll.
const onPostgres = !isEmbeddedUrl(databaseUrl());

describe("conversation change hub", () => {
  it.runIf(onPostgres)("hears a change at commit, never one rolled back", async () => {
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
      await inTransaction(systemCtx("test"), async (tx) => {
        await publishChange(tx, change);
        await new Promise((r) => setTimeout(r, 200));
        expect(seen.filter((c) => c.businessId === businessId)).toEqual([]);
      });
      await waitFor(() => seen.some((c) => c.businessId === businessId));
      expect(seen.filter((c) => c.businessId === businessId)).toEqual([change]);

      await inTransaction(systemCtx("test"), async (tx) => {
        await publishChange(tx, { ...change, kind: "note" });
        throw new Error("roll back");
      }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 500));
      expect(seen.filter((c) => c.businessId === businessId)).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it("tells a subscriber of a customer's message within a second (NOTIFY, or the poll when embedded)", async () => {
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
