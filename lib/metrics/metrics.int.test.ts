import { fork } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { resetEnv } from "@/lib/env";
import { sendTemplateMessage } from "@/lib/messages/send/send-template-message";
import { api } from "@/test/api";
import { createTestBusiness } from "@/test/factories";
import { a1Body, approvedTemplate, drainAll, phoneOf } from "@/test/messages";
import { addMetricsChild, removeMetricsChild } from "./child-metrics";
import { serveMetrics, type MetricsServer } from "./serve-metrics";

// The exposition format, line by line: HELP and TYPE comments, then samples
// `name{label="value",...} number`, with label values escaped (\\, \", \n).
const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
// Prometheus reads values with Go's ParseFloat, which takes NaN in any case: prom-client
// writes "Nan" for a gauge with no data yet (the event loop's lag before its first sample).
const VALUE = "(?:[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?|[-+]?Inf|[Nn][Aa][Nn])";
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(?:${LABEL}(?:,${LABEL})*)?,?\\})? ${VALUE}(?: -?\\d+)?$`);
const HELP = new RegExp(`^# HELP ${NAME} .*$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);

/** Checks every line against the text format; returns the samples as "name{labels}" -> value. */
function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const typed = new Set<string>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    if (line.startsWith("# HELP ")) {
      expect(line, "a HELP line").toMatch(HELP);
      continue;
    }
    const t = TYPE.exec(line);
    if (t) {
      expect(typed.has(t[1]!), `one TYPE line for ${t[1]}`).toBe(false);
      typed.add(t[1]!);
      continue;
    }
    const s = SAMPLE.exec(line);
    expect(s, `a sample line: ${line}`).not.toBeNull();
    const space = line.lastIndexOf(" ");
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}

const messages = (samples: Map<string, number>, status: string, errorCode = "", provider = "simulator") =>
  samples.get(
    `switchboard_messages_total{status="${status}",channel="chatapp",provider="${provider}",error_code="${errorCode}"}`,
  ) ?? 0;

let server: MetricsServer;
const scrape = async () => {
  const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: await res.text() };
};

/**
 * The message counters once they have stopped moving for a second (up to 10 s): they are the
 * process's, and a file before this one can leave a simulated read or delivery still due on a
 * timer, which would land inside this test's delta (CI saw `read` move by 4 for 3).
 */
async function settledCounters(): Promise<Map<string, number>> {
  const counters = (m: Map<string, number>) =>
    JSON.stringify([...m].filter(([k]) => k.startsWith("switchboard_messages_total")));
  let last = parseExposition((await scrape()).text);
  for (const until = Date.now() + 10_000; Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 1_000));
    const now = parseExposition((await scrape()).text);
    if (counters(now) === counters(last)) return now;
    last = now;
  }
  return last;
}

/**
 * Earlier files' messages still open (a dispatch left `attempted` on purpose, a simulated read
 * still due) are caught up by the sweeper once they are a lease old, which can fall inside this
 * test's window on a slow machine (CI saw `accepted` move by 8 for 6, `read` by 4 for 3). Those
 * files are done (database files run one at a time): their open messages are closed here, so the
 * counters move only for this test's.
 */
async function retireOthersOpenMessages(businessId: string): Promise<void> {
  await rawQuery(
    db(),
    `UPDATE messages SET status = 'failed', dispatch_locked_until = NULL, updated_at = now()
     WHERE business_id <> $1 AND status IN ('attempted', 'accepted', 'sent', 'delivered')`,
    [businessId],
  );
}

beforeAll(async () => {
  process.env.METRICS_PORT = "0";
  resetEnv();
  server = await serveMetrics(0, "127.0.0.1");
});
afterAll(async () => {
  await server.stop();
  delete process.env.METRICS_PORT;
  resetEnv();
});

describe("/metrics", () => {
  it("is the Prometheus text format, with process, pool, queue and worker gauges", async () => {
    const { text } = await scrape();
    const samples = parseExposition(text);
    for (const name of [
      "process_cpu_seconds_total",
      "nodejs_eventloop_lag_seconds",
      "switchboard_db_pool_connections",
      "switchboard_db_pool_waiting",
      "switchboard_callback_endpoints_failing",
      'switchboard_worker_processes{state="alive"}',
    ])
      expect([...samples.keys()].some((k) => k === name || k.startsWith(`${name}{`))).toBe(true);
    expect([...samples.keys()].some((k) => k.startsWith('switchboard_queue_depth{queue="'))).toBe(true);
    expect(
      [...samples.keys()].some((k) => k.startsWith('switchboard_queue_oldest_job_age_seconds{queue="')),
    ).toBe(true);
    expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
  });

  it("moves the message counters by exactly the messages accepted, sent, delivered, read and failed", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    await drainAll(); // other files' leftovers, before the baseline
    await retireOthersOpenMessages(t.business.id);
    const before = await settledCounters();
    const ctx = systemCtx("test");
    // Simulator: ...0001 reads, ...0002 is delivered and never read, ...0047 fails with 131047.
    for (const to of [
      "919900000001",
      "919900010001",
      "919900020001",
      "919900000002",
      "919900000047",
      "919900010047",
    ])
      await sendTemplateMessage(ctx, t.business.id, a1Body(tpl.name, phoneOf(t), to));
    await drainAll();
    const after = parseExposition((await scrape()).text);
    const delta = (status: string, code = "") =>
      messages(after, status, code) - messages(before, status, code);
    expect(delta("accepted")).toBe(6);
    expect(delta("sent")).toBe(4);
    expect(delta("delivered")).toBe(4);
    expect(delta("read")).toBe(3);
    expect(delta("failed", "131047")).toBe(2);
    const lag = (s: Map<string, number>) =>
      s.get('switchboard_message_accepted_to_sent_seconds_count{channel="chatapp",provider="simulator"}') ??
      0;
    expect(lag(after) - lag(before)).toBe(4);
  });

  it("labels requests by route template and never by an id or a number", async () => {
    const t = await createTestBusiness();
    const res = await api(`/api/v3/message/${t.business.id}/template`, {
      headers: { "x-api-key": "sb_wrong" },
      json: {},
    });
    expect(res.status).toBe(401);
    await api("/api/v3/no/such/route/919900000001");
    const { text } = await scrape();
    expect(text).toContain('route="/api/v3/message/:business_id/template",status="401"');
    expect(text).toContain('route="(unmatched)",status="404"');
    expect(text).not.toContain(t.business.id);
    expect(text).not.toContain("919900000001");
  });

  it("sums the worker processes' metrics into the parent's scrape", async () => {
    const child = fork("test/metrics-child.ts", {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.once("message", () => resolve());
        child.once("exit", (code) => reject(new Error(`fixture exited ${code}`)));
      });
      addMetricsChild(child);
      const samples = parseExposition((await scrape()).text);
      expect(messages(samples, "sent", "", "child-fixture")).toBe(2);
    } finally {
      removeMetricsChild(child);
      child.disconnect();
    }
  });
});
