import pg from "pg";
import { databaseUrl, db } from "../../db";
import { isEmbeddedUrl } from "../../db/embedded-url";
import { rawQuery } from "../../db/sql";
import { log } from "../../log";
import { CONVERSATION_CHANNEL, type ConversationChange } from "../publish-change";
import { runtimeSlot } from "../../runtime";

type Listener = (change: ConversationChange) => void;

type Hub = {
  client?: pg.Client;
  poll?: NodeJS.Timeout;
  starting?: Promise<void>;
  listeners: Set<Listener>;
};
declare module "../../runtime" {
  interface Runtime {
    /** One LISTEN connection (or poll) per process, shared by every open inbox stream. */
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
    };
    return { businessId: p.b, conversationId: p.c, kind: p.k, assigneeId: p.a, teamId: p.t };
  } catch {
    return null;
  }
}

/** How often the embedded database is polled (it does not deliver NOTIFY to another connection). */
const POLL_MS = 500;

/**
 * The embedded database (PGlite behind its socket) runs every connection in one session and
 * does not pass a NOTIFY on to a listening connection (checked: change-hub.int.test.ts). It
 * serves one instance only, so changes are read from the rows instead: conversations touched
 * since the last look, and users whose row changed (a status). A message status moving (sent,
 * delivered, read) does not touch its conversation and shows on the next refresh there.
 */
/**
 * Where a poll of rows stamped with `updated_at` has read up to. The embedded database's clock
 * ticks in milliseconds, so a row can carry the very stamp of the last one read: rows are read
 * from that stamp on (`>=`), and those already told at it are skipped.
 */
function rowCursor(from: Date) {
  let since = from;
  let told = new Set<string>();
  return {
    get since() {
      return since;
    },
    /** Whether `row` is new; moves the cursor past it. */
    take(row: { id: string; updated_at: Date }): boolean {
      const at = row.updated_at.getTime();
      if (at < since.getTime() || (at === since.getTime() && told.has(row.id))) return false;
      if (at > since.getTime()) {
        since = row.updated_at;
        told = new Set();
      }
      told.add(row.id);
      return true;
    },
  };
}

async function startPolling(): Promise<void> {
  // From the database's clock, which stamps the rows (not this process's).
  const [{ at }] = (await rawQuery<{ at: Date }>(db(), "SELECT clock_timestamp() AS at")) as [{ at: Date }];
  const conversationsRead = rowCursor(at);
  const usersRead = rowCursor(at);
  hub.poll = setInterval(() => {
    void rawQuery<{
      id: string;
      business_id: string;
      assignee_id: string | null;
      team_id: string | null;
      updated_at: Date;
    }>(
      db(),
      `SELECT id, business_id, assignee_id, team_id, updated_at FROM conversations
       WHERE updated_at >= $1 ORDER BY updated_at LIMIT 500`,
      [conversationsRead.since],
    )
      .then((rows) => {
        for (const r of rows) {
          if (!conversationsRead.take(r)) continue;
          const change: ConversationChange = {
            businessId: r.business_id,
            conversationId: r.id,
            kind: "message",
            assigneeId: r.assignee_id,
            teamId: r.team_id,
          };
          for (const l of hub.listeners) l(change);
        }
      })
      .catch((err: unknown) => log.warn({ err }, "conversation change poll failed"));
    void rawQuery<{ id: string; business_id: string; updated_at: Date }>(
      db(),
      `SELECT id, business_id, updated_at FROM users
       WHERE updated_at >= $1 AND business_id IS NOT NULL ORDER BY updated_at LIMIT 500`,
      [usersRead.since],
    )
      .then((rows) => {
        for (const r of rows) {
          if (!usersRead.take(r)) continue;
          const change: ConversationChange = {
            businessId: r.business_id,
            conversationId: "",
            kind: "agent",
            assigneeId: r.id,
            teamId: null,
          };
          for (const l of hub.listeners) l(change);
        }
      })
      .catch((err: unknown) => log.warn({ err }, "user status poll failed"));
  }, POLL_MS);
  hub.poll.unref();
}

async function start(): Promise<void> {
  if (isEmbeddedUrl(databaseUrl())) return startPolling();
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
  if (!hub.client && !hub.poll) {
    hub.starting ??= start().finally(() => (hub.starting = undefined));
    await hub.starting;
  }
  return () => {
    hub.listeners.delete(listener);
    if (hub.listeners.size === 0 && hub.poll) {
      clearInterval(hub.poll);
      hub.poll = undefined;
    }
    if (hub.listeners.size === 0 && hub.client) {
      const c = hub.client;
      hub.client = undefined;
      void c.end().catch(() => undefined);
    }
  };
}
