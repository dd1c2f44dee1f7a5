/**
 * pglite-socket multiplexes every client connection onto PGlite's single backend one protocol
 * message at a time, keeping only *transactions* exclusive to their connection. The extended
 * query protocol (Parse, Bind, Describe, Execute, Sync), which node-postgres uses for every
 * parameterised query, keeps state in that backend (the unnamed statement and portal), so two
 * connections querying at once interleave their messages and fail with "unnamed prepared
 * statement does not exist" / "portal \"\" does not exist". This keeps a connection exclusive
 * from its first message until its Sync (or simple Query), like a transaction.
 */

type Item = {
  handlerId: number;
  message: Uint8Array;
  resolve: (n: number) => void;
  reject: (e: unknown) => void;
  onData: (d: Uint8Array) => void;
};
type Queue = {
  queue: Item[];
  processing: boolean;
  lastHandlerId: number | null;
  midSequence?: boolean;
  db: {
    isInTransaction(): boolean;
    runExclusive<T>(fn: () => Promise<T>): Promise<T>;
    execProtocolRawStream(m: Uint8Array, o: { onRawData: (d: Uint8Array) => void }): Promise<unknown>;
  };
  clearQueueForHandler(id: number): void;
};

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

export function lockExtendedQuerySequences(server: unknown): void {
  const queue = (server as { queryQueue?: Queue }).queryQueue;
  if (!queue || typeof queue.clearQueueForHandler !== "function") return;
  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (id: number) => {
    clear(id);
    // A connection that died mid-sequence must not hold the others forever.
    if (queue.lastHandlerId === id) {
      queue.midSequence = false;
      void processQueue(queue);
    }
  };
  (queue as unknown as { processQueue: () => Promise<void> }).processQueue = () => processQueue(queue);
}

async function processQueue(q: Queue): Promise<void> {
  if (q.processing || q.queue.length === 0) return;
  q.processing = true;
  try {
    while (q.queue.length > 0) {
      let item: Item | undefined;
      if ((q.midSequence || q.db.isInTransaction()) && q.lastHandlerId !== null) {
        const i = q.queue.findIndex((x) => x.handlerId === q.lastHandlerId);
        // The owner's next message is still on its way: wait for it (enqueue restarts us).
        if (i === -1) break;
        item = q.queue.splice(i, 1)[0];
      } else {
        item = q.queue.shift();
      }
      if (!item) break;
      const current = item;
      let bytes = 0;
      try {
        await q.db.runExclusive(() =>
          q.db.execProtocolRawStream(current.message, {
            onRawData: (d) => {
              bytes += d.length;
              current.onData(d);
            },
          }),
        );
      } catch (err) {
        q.midSequence = false;
        current.reject(err);
        continue;
      }
      q.lastHandlerId = current.handlerId;
      const type = current.message[0];
      q.midSequence = !(type === SYNC || type === QUERY || type === TERMINATE);
      current.resolve(bytes);
    }
  } finally {
    q.processing = false;
  }
}
