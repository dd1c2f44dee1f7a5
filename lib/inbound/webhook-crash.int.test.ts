import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { uuidv7 } from "@/lib/ids";
import { freshDatabase } from "@/test/fresh-database";
import { freePort, killServerProcesses, startServerProcess, waitForOutput } from "@/test/server-process";
import { post, rbmInbound, whatsappInbound, type SignedWebhook } from "@/test/signed-webhooks";

// Signed WhatsApp and RBM webhooks posted over HTTP to a real server process, which is killed
// with SIGKILL in the middle, and (separately) whose database connections are cut in the
// middle. A webhook answered 2xx has its messages stored; every one that was not is delivered
// again, as Meta and Google do, until it is; at the end each message is stored exactly once.
// On the run's database: the embedded PostgreSQL under `npm test`, a server under DATABASE_URL.

const APP_SECRET = "webhook-crash-app-secret";
const CLIENT_TOKEN = "WEBHOOKCRASHTOKEN";
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  killServerProcesses();
  for (const f of cleanups.reverse()) await f().catch(() => undefined);
});

async function deployment() {
  const database = await freshDatabase();
  cleanups.push(database.drop);
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: `/tmp/sb-webhook-crash-${uuidv7()}`,
    HOST: "127.0.0.1",
    AUTH_SECRET: "webhook-crash-auth-secret-0123456789",
    WHATSAPP_APP_SECRET: APP_SECRET,
    RBM_CLIENT_TOKEN: CLIENT_TOKEN,
    LOG_LEVEL: "info",
  };
  const start = async () => {
    const port = await freePort();
    const s = startServerProcess("api", { ...env, PORT: String(port) });
    await waitForOutput(s, /"msg":"listening"/);
    return { ...s, base: `http://127.0.0.1:${port}` };
  };
  const first = await start();
  await waitForOutput(first, /Demo API key/);
  const businessId = /Demo business\s+(\S+)/.exec(first.out())![1]!;
  const sql = new pg.Client({ connectionString: database.url });
  sql.on("error", () => undefined);
  await sql.connect();
  cleanups.push(() => sql.end());
  const { rows } = await sql.query<{ phone: string }>(
    `UPDATE business_channels SET provider = 'whatsapp-cloud' WHERE business_id = $1 AND channel = 'chatapp'
     RETURNING config->'phoneNumberIds'->>0 AS phone`,
    [businessId],
  );
  const agentId = `crash_${Date.now()}_agent`;
  await sql.query(
    `UPDATE business_channels SET provider = 'google-rbm', config = config || $2::jsonb WHERE business_id = $1 AND channel = 'rcs'`,
    [businessId, JSON.stringify({ agentId, accessToken: "ya29-test" })],
  );
  return { database, start, first, businessId, phone: rows[0]!.phone, agentId, sql };
}

type Deployment = Awaited<ReturnType<typeof deployment>>;

/** WhatsApp webhooks of two messages each and RBM pushes of one, interleaved, ids unique to `tag`. */
function webhooks(d: Deployment, tag: string, n: number): SignedWebhook[] {
  return Array.from({ length: n }, (_, i) => {
    const from = `9198${String(i).padStart(4, "0")}${tag === "kill" ? "1" : "2"}001`;
    return i % 3 === 2
      ? rbmInbound(CLIENT_TOKEN, d.agentId, { id: `rbm-${tag}-${i}`, from, text: `rbm ${i}` })
      : whatsappInbound(APP_SECRET, d.phone, [
          { id: `wamid.${tag}.${i}.a`, from, text: `hello ${i}` },
          { id: `wamid.${tag}.${i}.b`, from, text: `again ${i}` },
        ]);
  });
}

/** Posts every webhook, 8 at a time; `during(i)` runs as webhook i goes out. Their statuses. */
async function postAll(
  base: () => string,
  list: SignedWebhook[],
  during?: (i: number) => void,
): Promise<number[]> {
  const statuses = new Array<number>(list.length).fill(0);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < list.length) {
        const i = next++;
        during?.(i);
        statuses[i] = await post(base(), list[i]!);
      }
    }),
  );
  return statuses;
}

/** How many times each message id is stored. */
async function stored(d: Deployment, ids: string[]): Promise<Map<string, number>> {
  const { rows } = await d.sql.query<{ id: string; n: number }>(
    `SELECT provider_message_id AS id, count(*)::int AS n FROM inbound_messages
     WHERE business_id = $1 AND provider_message_id = ANY($2) GROUP BY 1`,
    [d.businessId, ids],
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Every webhook answered 2xx has all its messages stored. */
async function expectAnsweredStored(d: Deployment, list: SignedWebhook[], statuses: number[]) {
  const answered = list
    .filter((_, i) => statuses[i]! >= 200 && statuses[i]! < 300)
    .flatMap((w) => w.messageIds);
  const have = await stored(d, answered);
  expect(answered.filter((id) => !have.has(id))).toEqual([]);
}

/** Meta and Google deliver again what was not answered 2xx, until it is; then each message is stored once. */
async function redeliverAndCheck(d: Deployment, base: string, list: SignedWebhook[], statuses: number[]) {
  for (let round = 0; round < 20 && statuses.some((s) => s < 200 || s >= 300); round++) {
    for (let i = 0; i < list.length; i++)
      if (statuses[i]! < 200 || statuses[i]! >= 300) statuses[i] = await post(base, list[i]!);
  }
  expect(statuses.filter((s) => s < 200 || s >= 300)).toEqual([]);
  // A redelivery of what was stored already (Meta sometimes sends one twice) stores nothing more.
  for (const w of list.slice(0, 10)) expect(await post(base, w)).toBe(200);
  const ids = list.flatMap((w) => w.messageIds);
  const have = await stored(d, ids);
  expect(ids.filter((id) => have.get(id) !== 1)).toEqual([]);
}

describe("signed provider webhooks while the server fails", () => {
  it("a server killed with SIGKILL mid-stream: what it answered 2xx is stored, the rest on redelivery, each message once", async () => {
    const d = await deployment();
    const list = webhooks(d, "kill", 240);
    let base = d.first.base;
    const statuses = await postAll(
      () => base,
      list,
      (i) => {
        if (i === 90) d.first.child.kill("SIGKILL");
      },
    );
    expect(statuses.some((s) => s === 0)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(40);
    await expectAnsweredStored(d, list, statuses);
    const second = await d.start();
    base = second.base;
    await redeliverAndCheck(d, base, list, statuses);
  }, 180_000);

  it("database connections cut mid-stream: a webhook not stored is not answered 2xx, and redelivery stores each message once", async () => {
    const d = await deployment();
    const list = webhooks(d, "cut", 240);
    const control = new pg.Client({ connectionString: d.database.url });
    await control.connect();
    cleanups.push(() => control.end());
    // The server's connections: not ours (this client and the test's reader).
    const reader = (await d.sql.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
    const cut = () =>
      control.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid NOT IN (pg_backend_pid(), $1) AND backend_type = 'client backend'`,
        [reader],
      );
    const cuts: Promise<unknown>[] = [];
    const statuses = await postAll(
      () => d.first.base,
      list,
      (i) => {
        if (i % 20 === 10) cuts.push(cut());
      },
    );
    await Promise.all(cuts);
    await expectAnsweredStored(d, list, statuses);
    // The server stayed up and answered every webhook: 2xx, or 5xx for what it could not store.
    expect(statuses.filter((s) => s === 0)).toEqual([]);
    expect(statuses.some((s) => s >= 500)).toBe(true);
    await redeliverAndCheck(d, d.first.base, list, statuses);
  }, 180_000);
});
