import { spawn } from "node:child_process";

// A callback receiver in its own process (so its CPU is measured apart from the server's):
// verifies every Standard Webhooks signature with the secret posted to /secret, answers 200,
// and reports how many valid, invalid and distinct webhook-ids it has seen, and how many of the
// distinct ones say a message was read, every 20 ms (so a bench sees its run end within 20 ms
// without asking the server under test).
const receiverCode = `
const { createHmac } = require("node:crypto");
const http = require("node:http");
let key = null, ok = 0, bad = 0, reads = 0;
const ids = new Set();
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString();
    if (req.url === "/secret") { key = Buffer.from(body.slice(6), "base64"); return res.writeHead(200).end(); }
    const h = req.headers;
    const mac = createHmac("sha256", key).update(h["webhook-id"] + "." + h["webhook-timestamp"] + "." + body).digest("base64");
    if (h["webhook-signature"] === "v1," + mac) {
      ok++;
      const id = h["webhook-id"];
      if (!ids.has(id)) { ids.add(id); if (/"status": ?"read"/.test(body)) reads++; }
      res.writeHead(200).end();
    }
    else { bad++; res.writeHead(401).end(); }
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, "127.0.0.1", () => console.log("PORT " + server.address().port));
let last = "";
setInterval(() => {
  const line = JSON.stringify({ ok, bad, unique: ids.size, reads });
  if (line !== last) console.log("COUNTS " + (last = line));
}, 20);
`;

export type Receiver = {
  pid: number;
  port: number;
  /** `reads`: distinct valid callbacks that say a message was read. */
  counts: () => { ok: number; bad: number; unique: number; reads: number };
  /** Tells the receiver the endpoint's `whsec_` secret. */
  setSecret: (secret: string) => Promise<void>;
  stop: () => void;
};

export async function startReceiver(): Promise<Receiver> {
  const child = spawn(process.execPath, ["-e", receiverCode], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out = (out + c.toString()).slice(-4000)));
  while (!/PORT (\d+)/.test(out)) await new Promise((r) => setTimeout(r, 20));
  const port = Number(/PORT (\d+)/.exec(out)![1]);
  return {
    pid: child.pid!,
    port,
    counts: () => {
      const all = [...out.matchAll(/COUNTS (\{[^\n]+\})/g)];
      return all.length
        ? (JSON.parse(all[all.length - 1]![1]!) as { ok: number; bad: number; unique: number; reads: number })
        : { ok: 0, bad: 0, unique: 0, reads: 0 };
    },
    setSecret: async (secret) => {
      await fetch(`http://127.0.0.1:${port}/secret`, { method: "POST", body: secret });
    },
    stop: () => void child.kill("SIGTERM"),
  };
}
