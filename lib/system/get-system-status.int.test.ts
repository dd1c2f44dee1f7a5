import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { startHeartbeat } from "@/lib/jobs/heartbeat";
import { sendTemplateMessage } from "@/lib/messages/send/send-template-message";
import { createTestBusiness } from "@/test/factories";
import { a1Body, approvedTemplate, drainAll, phoneOf } from "@/test/messages";
import { getSystemStatus } from "./get-system-status";

describe("getSystemStatus (the console's System page)", () => {
  it("shows queues, the messages of the last hours by status, workers and the database's largest tables", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    const ctx = systemCtx("test");
    for (const to of ["919900000001", "919900000047"])
      await sendTemplateMessage(ctx, t.business.id, a1Body(tpl.name, phoneOf(t), to));
    await drainAll();
    const beat = startHeartbeat(
      db,
      { id: `system-test-${Date.now()}`, instanceId: "system-test", role: "worker" },
      () => true,
    );
    try {
      await new Promise((r) => setTimeout(r, 200));
      const s = await getSystemStatus(ctx);
      expect(s.queues.length).toBeGreaterThan(0);
      for (const q of s.queues) {
        expect(q.waiting).toBeGreaterThanOrEqual(0);
        expect(q.failedLastHour).toBeGreaterThanOrEqual(0);
      }
      const statuses = new Set(s.messages.map((m) => m.status));
      expect(statuses.has("read")).toBe(true);
      expect(statuses.has("failed")).toBe(true);
      // Each quarter hour's count of a status is a whole number of messages, never below zero
      // (the counters are deltas), and this test's two messages are among them.
      expect(s.messages.every((m) => Number.isInteger(m.count) && m.count >= 0)).toBe(true);
      const of = (status: string) =>
        s.messages.filter((m) => m.status === status).reduce((n, m) => n + m.count, 0);
      expect(of("read")).toBeGreaterThanOrEqual(1);
      expect(of("failed")).toBeGreaterThanOrEqual(1);
      expect(Date.parse(s.asOf)).toBeGreaterThan(Date.now() - 60_000);
      expect(s.workers.some((w) => w.instanceId === "system-test" && w.alive)).toBe(true);
      expect(s.database.bytes).toBeGreaterThan(0);
      expect(s.database.largest.length).toBeGreaterThan(0);
      expect(s.database.largest.map((x) => x.name).some((n) => n.startsWith("public."))).toBe(true);
    } finally {
      await beat.stop();
    }
  });
});
