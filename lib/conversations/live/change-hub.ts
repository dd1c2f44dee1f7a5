import pg from "pg";
import { databaseUrl } from "../../db/pool";
import { log } from "../../log";
import { CONVERSATION_CHANNEL, type ConversationChange } from "../publish-change";
import { runtimeSlot } from "../../runtime";

type Listener = (change: ConversationChange) => void;

type Hub = {
  client?: pg.Client;
  starting?: Promise<void>;
  listeners: Set<Listener>;
};
declare module "../../runtime" {
  interface Runtime {
    /** One LISTEN connection per process, shared by every open inbox stream. */
    conversationHub: Hub;
  }
}
const hub = runtimeSlot("conversationHub", () => ({ listeners: new Set() }));

function parse(payload: string | undefined): ConversationChange | null {
  try {
    const p = JSON.parse(payload ?? "") as {
      b: string;
      c: string;
      k: ConversationChange["kind"];
      a: string | null;
      t: string | null;
      p?: string;
    };
    const change = { businessId: p.b, conversationId: p.c, kind: p.k, assigneeId: p.a, teamId: p.t };
    return p.p ? { ...change, previousAssigneeId: p.p } : change;
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  client.on("notification", (n) => {
    const change = parse(n.payload);
    if (change) for (const l of hub.listeners) l(change);
  });
  // A lost connection is opened again by the next subscriber (streams reconnect on their own).
  client.on("error", (err) => {
    log.warn({ err }, "conversation change listener lost its connection");
    if (hub.client === client) hub.client = undefined;
  });
  client.on("end", () => {
    if (hub.client === client) hub.client = undefined;
  });
  await client.connect();
  await client.query(`LISTEN ${CONVERSATION_CHANNEL}`);
  hub.client = client;
}

/**
 * Calls `listener` with every conversation change committed by any instance on the database
 * (PostgreSQL NOTIFY, publish-change.ts), until the returned function is called. The LISTEN
 * connection opens with the first subscriber and closes with the last.
 */
export async function subscribeChanges(listener: Listener): Promise<() => void> {
  hub.listeners.add(listener);
  if (!hub.client) {
    hub.starting ??= start().finally(() => (hub.starting = undefined));
    await hub.starting;
  }
  return () => {
    hub.listeners.delete(listener);
    if (hub.listeners.size === 0 && hub.client) {
      const c = hub.client;
      hub.client = undefined;
      void c.end().catch(() => undefined);
    }
  };
}

/** Closes the LISTEN connection (a process switching databases: the test setup). */
export async function closeChangeHub(): Promise<void> {
  const c = hub.client;
  hub.client = undefined;
  hub.listeners.clear();
  await c?.end().catch(() => undefined);
}
