// A minimal Switchboard callback receiver: verifies the Standard Webhooks signature, ignores
// duplicates by webhook-id, and answers 2xx quickly. Node >= 18, no dependencies.
//
//   WEBHOOK_SECRET=whsec_... PORT=4000 node examples/callback-receiver.mjs
//
// Register http://<this host>:4000/ as the endpoint URL, then "Send test event".
//
// Rotating the secret: Switchboard keeps signing with the old secret as well for the grace
// period you choose (24 h by default), so this receiver keeps working; switch WEBHOOK_SECRET to
// the new secret any time before the grace ends. WEBHOOK_SECRET may also list several secrets,
// comma-separated (e.g. "whsec_new,whsec_old"): a request is accepted when it verifies with any.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";

const secrets = String(process.env.WEBHOOK_SECRET ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
if (secrets.length === 0 || !secrets.every((s) => s.startsWith("whsec_"))) {
  console.error("Set WEBHOOK_SECRET to the endpoint's signing secret (whsec_...; several: comma-separated)");
  process.exit(1);
}
const keys = secrets.map((s) => Buffer.from(s.slice("whsec_".length), "base64"));
const TOLERANCE_SECONDS = 5 * 60;

/**
 * True when one of the space-separated `v1,<base64>` signatures of the header matches
 * HMAC-SHA256(key, id.timestamp.body) for one of our keys. After a rotation the header holds
 * two signatures (new secret, old secret) until the grace ends: either one is enough.
 */
export function verifySignature(id, timestamp, signatureHeader, rawBody) {
  const ts = Number(timestamp);
  // Refuse old or future timestamps: a captured request cannot be replayed later.
  if (!Number.isInteger(ts) || Math.abs(Date.now() / 1000 - ts) > TOLERANCE_SECONDS) return false;
  const given = String(signatureHeader)
    .split(" ")
    .map((part) => part.split(","))
    .filter(([version, mac]) => version === "v1" && mac)
    .map(([, mac]) => Buffer.from(mac, "base64"));
  return keys.some((key) => {
    const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${rawBody}`).digest();
    return given.some((mac) => mac.length === expected.length && timingSafeEqual(mac, expected));
  });
}

// Delivery is at least once: the same webhook-id can arrive again (retry, replay). Keep the
// ids you processed (a database table in a real receiver) and skip repeats.
const seen = new Set();

const server = http.createServer((req, res) => {
  if (req.method !== "POST") return res.writeHead(405).end();
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    // Verify the raw bytes, before any JSON parsing.
    const raw = Buffer.concat(chunks).toString("utf8");
    const id = req.headers["webhook-id"];
    const ok =
      id && verifySignature(id, req.headers["webhook-timestamp"], req.headers["webhook-signature"], raw);
    if (!ok) {
      console.log(`rejected ${id ?? "(no id)"}: bad signature`);
      return res.writeHead(401).end("bad signature");
    }
    if (seen.has(id)) {
      console.log(`duplicate ${id}: already processed`);
      return res.writeHead(200).end("duplicate");
    }
    seen.add(id);
    const event = req.headers["x-switchboard-event"];
    const body = JSON.parse(raw);
    console.log(`verified ${id} ${event} ${JSON.stringify(body)}`);
    // Do the real work asynchronously; answer within a few seconds (timeout is 10 s).
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  });
});

server.listen(Number(process.env.PORT ?? 4000), process.env.HOST ?? "127.0.0.1", () => {
  console.log(`listening on http://${process.env.HOST ?? "127.0.0.1"}:${server.address().port}/`);
});
