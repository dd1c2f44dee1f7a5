import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { rawQuery } from "@/lib/jobs/raw-sql";
import { api } from "@/test/api";
import { createTestBusiness } from "@/test/factories";
import { approvedTemplate } from "@/test/messages";
import { startWorkerProcesses } from "./worker-processes";

// ROLE=all with WORKER_PROCESSES=n runs the job workers in child processes (server.ts with
// ROLE=worker). This process only stores the send (no workers run in tests); the child
// dispatches it and applies the simulator's statuses.
describe("worker processes", () => {
  it("dispatch a send stored by the web process; stop drains and ends them", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    const workers = startWorkerProcesses(1, process.env.DATABASE_URL!);
    let status = "";
    try {
      const res = await api(`/api/v3/message/${t.business.id}/template`, {
        headers: { "x-api-key": t.apiKey },
        json: {
          message: {
            messageType: "template",
            name: tpl.name,
            language: "en_US",
            components: [
              {
                componentType: "body",
                parameters: [
                  { type: "text", text: "Asha" },
                  { type: "text", text: "A-1" },
                ],
              },
            ],
          },
          to: "919900000001",
          phoneNumberId: t.business.channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0],
        },
      });
      expect(res.status).toBe(200);
      const deadline = Date.now() + 60_000;
      while (status !== "read" && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        const [m] = await rawQuery<{ status: string }>(
          db(),
          `SELECT status FROM messages WHERE business_id = $1 AND id = $2`,
          [t.business.id, res.json.messageId],
        );
        status = m!.status;
      }
    } finally {
      const t0 = Date.now();
      await workers.stop(20_000);
      // SIGTERM drained and ended the child well before the deadline's SIGKILL.
      expect(Date.now() - t0).toBeLessThan(20_000);
    }
    expect(status).toBe("read");
  }, 90_000);
});
