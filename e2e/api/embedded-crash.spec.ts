import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { alive, readPostmaster } from "../../lib/db/embedded-cluster";
import { runningEmbeddedUrl } from "../../lib/db/embedded";
import { uuidv7 } from "../../lib/ids";
import { startReceiver } from "../../test/callback-receiver";
import { startFakeMeta } from "../../test/fake-meta";
import { post, whatsappInbound } from "../../test/signed-webhooks";

// `npm start` as a new user runs it (the built server, ROLE=all, the embedded PostgreSQL under
// its DATA_DIR), killed with SIGKILL while it takes bulk sends and inbound webhooks, then started
// again on the same DATA_DIR: every request it answered 2xx is there (its messages, the inbound
// messages, their conversations), every message is sent once and reaches read, and every status
// callback is delivered. WhatsApp's Cloud API is a local stand-in (test/fake-meta.ts) that sends
// Meta's signed statuses back, so nothing leaves the machine.

const APP_SECRET = "embedded-crash-app-secret";
const BULKS = 6;
const PER_BULK = 60;
const WEBHOOKS = 120;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

type Server = { child: ChildProcess; out: () => string };

function startServer(dataDir: string, port: number, graphUrl: string): Server {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    WHATSAPP_GRAPH_URL: graphUrl,
    WHATSAPP_APP_SECRET: APP_SECRET,
    ALLOW_PRIVATE_CALLBACK_URLS: "true",
    MESSAGES_DISPATCH_LEASE_SECONDS: "3",
    MESSAGES_SWEEP_EVERY_MS: "1000",
    CALLBACK_LEASE_SECONDS: "5",
    MESSAGES_UNCERTAIN_SECONDS: "20",
    LOOPBACK_GUARD_FILE: path.join(dataDir, "loopback-refusals.txt"),
    NEXT_TELEMETRY_DISABLED: "1",
  };
  delete env.DATABASE_URL;
  let out = "";
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "./test/loopback-guard-preload.ts", "server.ts"],
    {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  return { child, out: () => out };
}

async function until<T>(
  what: string,
  fn: () => Promise<T | undefined | false>,
  ms: number,
  s?: Server,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() > deadline)
      throw new Error(`${what} within ${ms} ms${s ? `:\n${s.out().slice(-4000)}` : ""}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test("an embedded npm start killed with SIGKILL loses nothing it answered 2xx for", async () => {
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "sb-e2e-crash-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const meta = await startFakeMeta({
    appSecret: APP_SECRET,
    webhookBase: () => base,
    statuses: ["sent", "delivered", "read"],
  });
  const rx = await startReceiver();
  let server = startServer(dataDir, port, meta.graphUrl);
  const sql = () => new pg.Client({ connectionString: runningEmbeddedUrl(path.join(dataDir, "pg")) });
  try {
    const key = (await until(
      "the demo key",
      async () => /Demo API key\s+(\S+)/.exec(server.out())?.[1],
      120_000,
      server,
    ))!;
    const businessId = (await until(
      "the demo business",
      async () => /Demo business\s+(\S+)/.exec(server.out())?.[1],
      10_000,
    ))!;
    await until("listening", async () => (await fetch(`${base}/api/ready`)).ok, 60_000, server);
    const headers = { "x-api-key": key, "content-type": "application/json" };
    // The chatapp sender on the Cloud API (the stand-in), an approved template, a callback endpoint.
    const c = sql();
    await c.connect();
    const phone = (
      await c.query<{ phone: string }>(
        `UPDATE business_channels SET provider = 'whatsapp-cloud', config = config || '{"accessToken": "EAAG-crash"}'
         WHERE business_id = $1 AND channel = 'chatapp' RETURNING config->'phoneNumberIds'->>0 AS phone`,
        [businessId],
      )
    ).rows[0]!.phone;
    await c.query(
      `INSERT INTO templates (id, business_id, channel, name, language, category, status, components)
       VALUES ($1, $2, 'chatapp', 'crash_notice', 'en_US', 'UTILITY', 'APPROVED', $3)`,
      [uuidv7(), businessId, JSON.stringify([{ type: "BODY", text: "Hi {{1}}" }])],
    );
    await c.end();
    const ep = await fetch(`${base}/api/v3/callbacks/${businessId}/endpoints`, {
      method: "POST",
      headers,
      body: JSON.stringify({ url: rx.url, events: ["message.status"] }),
    });
    expect(ep.status).toBe(201);
    await new Promise((r) => setTimeout(r, 2_500)); // the channel cache sees the new provider

    // Bulk sends and inbound webhooks at once; the kill comes in the middle of both.
    const bulks: Array<{ status: number; transactionId?: string }> = [];
    const inbound = Array.from({ length: WEBHOOKS }, (_, i) =>
      whatsappInbound(APP_SECRET, phone, [
        { id: `wamid.crash.${i}`, from: `9195${String(i).padStart(8, "0")}`, text: `hi ${i}` },
      ]),
    );
    const inboundStatus = new Array<number>(WEBHOOKS).fill(0);
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      server.child.kill("SIGKILL");
    };
    await Promise.all([
      (async () => {
        for (let b = 0; b < BULKS; b++) {
          if (b === BULKS / 2) kill();
          const r = await fetch(`${base}/api/v2/message/${businessId}/template?apikey=${key}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              message: {
                messageType: "template",
                name: "crash_notice",
                language: "en_US",
                components: [{ componentType: "body", parameters: [{ type: "text", text: "1" }] }],
              },
              subscribers: Array.from({ length: PER_BULK }, (_, i) => ({
                subscriberId: `9194${String(b).padStart(2, "0")}${String(i).padStart(6, "0")}`,
                variables: [`n${i}`],
              })),
              phoneNumberId: phone,
            }),
          }).catch(() => undefined);
          bulks.push({
            status: r?.status ?? 0,
            transactionId: r?.ok ? ((await r.json()) as { transactionId: string }).transactionId : undefined,
          });
        }
      })(),
      (async () => {
        for (let i = 0; i < WEBHOOKS; i++) {
          if (i === WEBHOOKS / 2) kill();
          inboundStatus[i] = await post(base, inbound[i]!);
        }
      })(),
    ]);
    if (server.child.exitCode === null && server.child.signalCode === null)
      await new Promise((r) => server.child.once("exit", r));
    const answered = bulks.filter((b) => b.status === 200);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(BULKS);
    expect(inboundStatus.filter((s) => s === 200).length).toBeGreaterThan(0);

    // Started again on the same DATA_DIR: it takes over the database the killed one left.
    server = startServer(dataDir, port, meta.graphUrl);
    await until("listening again", async () => (await fetch(`${base}/api/ready`)).ok, 120_000, server);
    const d = sql();
    await d.connect();
    try {
      const ids = answered.map((b) => b.transactionId!);
      const messages = async () =>
        (
          await d.query<{ id: string; status: string }>(
            `SELECT id, status FROM messages WHERE transaction_id = ANY($1::uuid[])`,
            [ids],
          )
        ).rows;
      expect(await messages()).toHaveLength(answered.length * PER_BULK);
      // Every message of every accepted bulk is read; each reached the provider once.
      await until(
        "every message read",
        async () => (await messages()).every((m) => m.status === "read"),
        180_000,
        server,
      );
      for (const m of await messages()) expect([m.id, meta.calls.get(m.id)]).toEqual([m.id, 1]);
      // Every status callback delivered: sent, delivered and read of each message.
      const seen = () =>
        new Set(
          rx.received.map((r) => {
            const b = JSON.parse(r.body) as { messageId: string; status: string };
            return `${b.messageId}:${b.status}`;
          }),
        );
      await until(
        "every callback delivered",
        async () =>
          (await messages()).every((m) =>
            ["sent", "delivered", "read"].every((s) => seen().has(`${m.id}:${s}`)),
          ),
        120_000,
        server,
      );
      // Every inbound message answered 200 is stored, with its conversation.
      const stored = inbound.filter((_, i) => inboundStatus[i] === 200).map((w) => w.messageIds[0]!);
      const rows = (
        await d.query<{ id: string; conversation: string | null }>(
          `SELECT i.provider_message_id AS id, c.id AS conversation FROM inbound_messages i
           LEFT JOIN conversations c ON c.business_id = i.business_id AND c.customer = i."from"
           WHERE i.business_id = $1 AND i.provider_message_id = ANY($2)`,
          [businessId, stored],
        )
      ).rows;
      expect(rows.map((r) => r.id).sort()).toEqual([...stored].sort());
      expect(rows.filter((r) => !r.conversation)).toEqual([]);
    } finally {
      await d.end();
    }
    // SIGTERM: it drains, then stops its database (a fast shutdown), and exits 0.
    const postmaster = readPostmaster(path.join(dataDir, "pg"))!.pid;
    const exit = new Promise<number | null>((r) => server.child.once("exit", (code) => r(code)));
    server.child.kill("SIGTERM");
    expect(await exit).toBe(0);
    expect(alive(postmaster)).toBe(false);
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await meta.close();
    await rx.close();
    const pm = readPostmaster(path.join(dataDir, "pg"));
    if (pm && alive(pm.pid)) process.kill(pm.pid, "SIGQUIT");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
