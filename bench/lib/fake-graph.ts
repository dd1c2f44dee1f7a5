import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Meta's Graph API on loopback (WHATSAPP_GRAPH_URL points here, so nothing
 * leaves the machine): answers every `POST /v21.0/{phone-number-id}/messages` with a message id,
 * as the Cloud API does, and remembers when the first message to each recipient arrived
 * (performance.now() of this process, the clock the bench's send times are on).
 */
export async function startFakeGraph() {
  const firstTo = new Map<string, number>();
  let received = 0;
  // While held, answers wait (the dispatcher's requests stay in flight, its slots full).
  let held: Array<() => void> | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const at = performance.now();
      received++;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { to?: string; recipient?: string };
        const to = body.to ?? body.recipient;
        if (to && !firstTo.has(to)) firstTo.set(to, at);
      } catch {
        /* not JSON: still answered */
      }
      const answer = () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ messaging_product: "whatsapp", messages: [{ id: `wamid.out.${received}` }] }),
        );
      };
      if (held) held.push(answer);
      else answer();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  return {
    url,
    /** When the first message to `recipient` arrived, if it did. */
    firstTo: (recipient: string) => firstTo.get(recipient),
    received: () => received,
    /**
     * Holds every answer until `release` (keep it under WHATSAPP_SEND_TIMEOUT_MS, 15 s): the
     * dispatcher's few slots wait on the provider, so what runs meanwhile is the inbound path alone.
     */
    hold: () => void (held ??= []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
