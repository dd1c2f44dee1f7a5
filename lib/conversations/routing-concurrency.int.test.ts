import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseUrl, db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { chatappSender, customerWrites, setOpenLimit } from "@/test/conversations";
import { createTestBusiness, createTestUser } from "@/test/factories";

// Routing decides under one advisory lock per business (routing-lock.ts). Proved here with
// customer messages stored at once from one process and from several: no conversation is
// assigned twice, no customer gets two conversations, no agent goes past the limit.

const LIMIT = 5;
const AGENTS = 3;

function runProcess(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/inbound-process.ts"], {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${out}`))));
  });
}

async function checkRouting(businessId: string, customers: string[], agents: string[]) {
  const convs = await rawQuery<{ customer: string; assignee_id: string | null }>(
    db(),
    `SELECT customer, assignee_id FROM conversations WHERE business_id = $1`,
    [businessId],
  );
  expect(convs).toHaveLength(new Set(customers).size);
  const perAgent = new Map<string, number>();
  for (const c of convs)
    if (c.assignee_id) perAgent.set(c.assignee_id, (perAgent.get(c.assignee_id) ?? 0) + 1);
  // Every agent filled exactly to the limit, the rest wait.
  expect([...perAgent.keys()].sort()).toEqual([...agents].sort());
  for (const n of perAgent.values()) expect(n).toBe(LIMIT);
  expect(convs.filter((c) => c.assignee_id === null)).toHaveLength(convs.length - LIMIT * AGENTS);
  const assigned = await rawQuery<{ conversation_id: string; n: number }>(
    db(),
    `SELECT conversation_id, count(*)::int AS n FROM conversation_events
     WHERE business_id = $1 AND type = 'assigned' GROUP BY conversation_id HAVING count(*) > 1`,
    [businessId],
  );
  expect(assigned).toEqual([]);
  // Opened once per conversation: only the message that inserted it (before the routing lock).
  const [opened] = await rawQuery<{ n: number }>(
    db(),
    `SELECT count(*)::int AS n FROM conversation_events WHERE business_id = $1 AND type = 'opened'`,
    [businessId],
  );
  expect(opened!.n).toBe(convs.length);
}

async function setUp() {
  const t = await createTestBusiness();
  await setOpenLimit(t.business.id, LIMIT);
  const agents = [];
  for (let i = 0; i < AGENTS; i++) agents.push((await createTestUser(t.business.id)).id);
  return { t, agents };
}

const number = (k: number) => `9197${String(k).padStart(8, "0")}`;

describe("routing under concurrency", () => {
  it("parallel messages in one process", async () => {
    const { t, agents } = await setUp();
    const customers = Array.from({ length: 24 }, (_, k) => number(k % 20));
    await Promise.all(customers.map((c) => customerWrites(t, c)));
    await checkRouting(t.business.id, customers, agents);
  });

  it("parallel messages from three processes, some customers writing to several at once", async () => {
    const { t, agents } = await setUp();
    const dir = mkdtempSync(path.join(tmpdir(), "sb-routing-"));
    const go = path.join(dir, "go");
    try {
      // 3 x 8 customers, the first 3 of each shared by all processes: 18 conversations.
      const batches = [0, 1, 2].map((p) => [0, 1, 2, ...Array.from({ length: 5 }, (_, k) => 10 + p * 5 + k)]);
      const ready = batches.map((_, p) => path.join(dir, `ready-${p}`));
      const runs = batches.map((b, p) =>
        runProcess({
          DATABASE_URL: databaseUrl(),
          SB_GO_FILE: go,
          SB_READY_FILE: ready[p]!,
          SB_INBOUND_INPUT: JSON.stringify({
            businessId: t.business.id,
            sender: chatappSender(t),
            customers: b.map(number),
          }),
        }),
      );
      // The start signal once every process has loaded (each writes its ready file, then polls
      // for the go file), so their writes overlap; a process that dies first fails the run.
      const loaded = Promise.race([
        (async () => {
          for (let i = 0; i < 5_000 && !ready.every((f) => existsSync(f)); i++)
            await new Promise((r) => setTimeout(r, 20));
        })(),
        Promise.all(runs),
      ]);
      await loaded;
      writeFileSync(go, "");
      const outs = await Promise.all(runs);
      for (const o of outs) expect(o).toMatch(/done 8/);
      await checkRouting(t.business.id, batches.flat().map(number), agents);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
