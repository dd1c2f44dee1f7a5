import http from "node:http";
import type { Agent } from "./agents";

/** When each agent's stream first told of each conversation (performance.now() ms). */
export type InboxStreams = {
  firstSeen: (agentId: string, conversationId: string) => number | undefined;
  /** `event: conversation` lines received over all streams. */
  events: () => number;
  close: () => void;
};

/**
 * Opens GET /inbox/events (the dashboard's server-sent event stream) for every agent with its
 * session cookie, each on its own connection, and notes when each `event: conversation` first
 * arrives per agent and conversation. Resolves once every stream has answered 200.
 */
export async function openInboxStreams(url: string, agents: Agent[]): Promise<InboxStreams> {
  const seen = new Map<string, Map<string, number>>();
  const requests: http.ClientRequest[] = [];
  let events = 0;
  await Promise.all(
    agents.map(
      (agent) =>
        new Promise<void>((resolve, reject) => {
          const mine = new Map<string, number>();
          seen.set(agent.id, mine);
          const req = http.get(`${url}/inbox/events`, { headers: { cookie: agent.cookie } }, (res) => {
            if (res.statusCode !== 200)
              return reject(new Error(`stream of ${agent.email}: ${res.statusCode}`));
            resolve();
            let buffered = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => {
              const at = performance.now();
              buffered += chunk;
              const blocks = buffered.split("\n\n");
              buffered = blocks.pop()!;
              for (const block of blocks) {
                const data = /^event: conversation\ndata: (.*)$/m.exec(block)?.[1];
                if (!data) continue;
                events++;
                const { id } = JSON.parse(data) as { id: string };
                if (!mine.has(id)) mine.set(id, at);
              }
            });
          });
          req.on("error", reject);
          requests.push(req);
        }),
    ),
  );
  return {
    firstSeen: (agentId, conversationId) => seen.get(agentId)?.get(conversationId),
    events: () => events,
    close: () => requests.forEach((r) => r.destroy()),
  };
}
