import { afterAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { closeDb, db, setDatabaseUrl } from "@/lib/db/pool";
import { resetEnv } from "@/lib/env";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { createTestBusiness } from "@/test/factories";
import { approvedTemplate, bulkBody, phoneOf } from "@/test/messages";
import {
  killServerProcesses,
  serverDatabase,
  startServerProcess,
  waitForOutput,
} from "@/test/server-process";
import { setSenderRate } from "./sender-rate";
import { senderLeaseSize } from "./sender-tokens";

// @once (vitest.config.ts): what real server processes survive, on SQL the in-process tests
// run on both databases; the PostgreSQL 15 pass leaves it out.

// Two real worker processes (server.ts, ROLE=worker) dispatch one bulk send of one sender on a
// database of their own: together they keep to the sender's limit (docs/architecture.md rule 12). With a
// bucket per process each went at the full rate, twice the limit here.

const RATE = 50;
const N = 400;
const PROCESSES = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cleanups: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  killServerProcesses();
  for (const f of cleanups.reverse()) await f().catch(() => undefined);
  delete process.env.MESSAGES_DISPATCH_CHUNK;
  resetEnv();
});

describe("sender limit across worker processes", () => {
  it("two processes sending for one sender stay within rate x time + burst + one lease each", async () => {
    const fresh = await serverDatabase(cleanups);
    const dataDir = fresh.dataDir;
    const env = {
      DATABASE_URL: fresh.url,
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "debug", // the "dispatch job done" lines say which process sent what
      AUTH_SECRET: "senderlimit-test-auth-secret-0123456789",
      CALLBACK_SECRET_KEY: "senderlimit-test-callback-key-0123456789",
      JOBS_POLL_INTERVAL_MS: "100",
      MESSAGES_DISPATCH_CHUNK: "10",
    };
    const workers = Array.from({ length: PROCESSES }, () => startServerProcess("worker", env));
    cleanups.push(async () => {
      for (const w of workers) w.child.kill("SIGTERM");
    });
    const deadline = Date.now() + 90_000;
    await Promise.all(workers.map((w) => waitForOutput(w, /workers started/, 90_000)));
    await closeDb();
    setDatabaseUrl(fresh.url);
    cleanups.push(closeDb);

    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    await setSenderRate(systemCtx("test"), {
      businessId: t.business.id,
      sender: phoneOf(t),
      perSecond: RATE,
    });
    process.env.MESSAGES_DISPATCH_CHUNK = "10"; // 40 jobs: both processes take some
    resetEnv();
    const res = await api(`/api/v2/message/${t.business.id}/template?apikey=${t.apiKey}`, {
      json: bulkBody(
        tpl.name,
        phoneOf(t),
        Array.from({ length: N }, (_, k) => ({
          subscriberId: `9199${String(k).padStart(7, "0")}1`,
          variables: [`n${k}`, String(k)],
        })),
      ),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);

    let sent: { at: Date }[] = [];
    while (sent.length < N && Date.now() < deadline + 60_000) {
      await sleep(500);
      sent = await rawQuery<{ at: Date }>(
        db(),
        `SELECT accepted_at AS at FROM messages WHERE business_id = $1 AND accepted_at IS NOT NULL ORDER BY accepted_at`,
        [t.business.id],
      );
    }
    expect(sent).toHaveLength(N);

    // Both processes sent, and between them every message once: each logs what its dispatch
    // jobs claimed (lib/messages/dispatch/dispatch-messages.ts, at debug level). A job's line
    // follows its last acceptance, so the last lines may still be on their way: wait for them.
    const claimed = () =>
      workers.map((w) =>
        [...w.out().matchAll(/"claimed":(\d+)[^\n]*"msg":"dispatch job done"/g)].reduce(
          (sum, m) => sum + Number(m[1]),
          0,
        ),
      );
    for (let waited = 0; claimed().reduce((a, b) => a + b, 0) < N && waited < 15_000; waited += 250)
      await sleep(250);
    const claimedBy = claimed();
    expect(
      claimedBy.every((n) => n > 0),
      `claimed per process: ${claimedBy.join(", ")}`,
    ).toBe(true);
    expect(claimedBy.reduce((a, b) => a + b, 0)).toBe(N);

    // N messages in `span` seconds: at most RATE x span + the burst (one second's worth) + one
    // lease per process (docs/decisions/sender-limit-across-processes.md).
    const span = (sent.at(-1)!.at.getTime() - sent[0]!.at.getTime()) / 1000;
    const allowance = RATE + PROCESSES * senderLeaseSize(RATE);
    // ... and no busier in any one second than RATE + that allowance.
    const times = sent.map((s) => s.at.getTime());
    let busiest = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= 1000) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    const measured = `${N} in ${span.toFixed(2)} s (${(N / span).toFixed(1)}/s), busiest second ${busiest}`;
    expect(N, measured).toBeLessThanOrEqual(RATE * span + allowance);
    expect(busiest, measured).toBeLessThanOrEqual(RATE + allowance);
    // The limit is used, not starved: at least half the rate overall (a loaded machine is slow).
    expect(N / span, measured).toBeGreaterThan(RATE / 2);
  }, 240_000);
});
