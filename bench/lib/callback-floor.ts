// The floor of the end-to-end benchmark: what the machine can do for the callbacks
// alone. A bare loop, in its own process, sends each message's three signed message-status
// callbacks (sent, delivered, read) to the same receiver as the pipeline: the same body shape,
// Standard Webhooks headers signed per request with HMAC-SHA256, and the pipeline's own HTTP
// client (lib/callbacks/http-post.ts: undici's keep-alive Pool, the same connections per
// receiver) with CALLBACK_CONCURRENCY requests in flight, so the ratio measures the pipeline,
// not a difference of clients. No database, no queue. The pipeline's end-to-end
// rate is printed as a percentage of this rate, measured in the same run.
// Used by bench/bulk.ts: runFloor(port, secret, n) starts `node --import tsx` on this file.
import { spawn } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { postJson } from "../../lib/callbacks/http-post";

export type FloorResult = { messages: number; seconds: number; perSecond: number; cpuMsPerMessage: number };

/** Runs the floor loop for `n` messages (3n callbacks) in a child process and times it. */
export async function runFloor(
  port: number,
  secret: string,
  n: number,
  concurrency = 64,
): Promise<FloorResult> {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
    env: {
      ...process.env,
      FLOOR_PORT: String(port),
      FLOOR_SECRET: secret,
      FLOOR_N: String(n),
      FLOOR_C: String(concurrency),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  const m = /DONE (\S+)/.exec(out);
  if (code !== 0 || !m) throw new Error(`floor exited ${code}: ${out}`);
  const seconds = Number(m[1]);
  // The loop's own CPU (not the child's start-up), measured by the child.
  const loopCpu = Number(/CPU (\S+)/.exec(out)?.[1]);
  return { messages: n, seconds, perSecond: n / seconds, cpuMsPerMessage: (loopCpu * 1000) / n };
}

async function main(): Promise<void> {
  const port = Number(process.env.FLOOR_PORT);
  const key = Buffer.from(process.env.FLOOR_SECRET!.replace(/^whsec_/, ""), "base64");
  const n = Number(process.env.FLOOR_N);
  const concurrency = Number(process.env.FLOOR_C);
  const target = { url: new URL(`http://127.0.0.1:${port}/hook`), address: "127.0.0.1", family: 4 as const };
  const statuses = ["sent", "delivered", "read"] as const;
  const stamp = { sent: "sentAt", delivered: "deliveredAt", read: "readAt" } as const;
  const post = async (i: number) => {
    const status = statuses[i % 3]!;
    const m = Math.floor(i / 3);
    const body = JSON.stringify({
      messageId: randomUUID(),
      messageRef: `ref-${m}`,
      subscriberId: `9199${String(m).padStart(7, "0")}1`,
      status,
      [stamp[status]]: Math.floor(Date.now() / 1000),
    });
    const id = randomUUID();
    const ts = String(Math.floor(Date.now() / 1000));
    const sig = createHmac("sha256", key).update(`${id}.${ts}.${body}`).digest("base64");
    const res = await postJson(
      target,
      {
        "webhook-id": id,
        "webhook-timestamp": ts,
        "webhook-signature": `v1,${sig}`,
        "x-switchboard-event": "message.status",
      },
      body,
      10_000,
    );
    if (res.status !== 200) throw new Error(`HTTP ${res.status ?? res.error}`);
  };
  const total = n * 3;
  let next = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await post(next++);
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const u = process.cpuUsage(cpu0);
  console.log(`CPU ${(u.user + u.system) / 1e6}`);
  console.log(`DONE ${seconds}`);
}

if (process.env.FLOOR_PORT && process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
  // The pipeline's client keeps its connections alive (as it must): the loop is done.
  process.exit(0);
}
