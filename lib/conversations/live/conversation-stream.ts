import type { Ctx } from "../../context";
import { AppError } from "../../errors";
import { findVisible } from "../find-visible";
import type { ConversationChange } from "../publish-change";
import { loadViewer, type Viewer } from "../viewer";
import { subscribeChanges } from "./change-hub";

const HEARTBEAT_MS = 25_000;

/** Whether the viewer sees the changed conversation now (its scope, else one indexed read). */
async function sees(
  ctx: Ctx,
  businessId: string,
  viewer: Viewer,
  change: ConversationChange,
): Promise<boolean> {
  if (change.businessId !== businessId) return false;
  if (viewer.scope === "business") return true;
  if (change.assigneeId === viewer.userId) return true;
  // The agent it was taken from: told, so its open inbox drops it and says so.
  if (change.previousAssigneeId && change.previousAssigneeId === viewer.userId) return true;
  // Another agent's conversation outside any team: an agent (scope "own") sees it only as the
  // supervisor of its team, and it has none. Decided from the change itself, without a read per
  // stream: with 50 agents connected each such change cost 49 reads (bench/inbound.ts).
  if (viewer.scope === "own" && change.assigneeId !== null && change.teamId === null) return false;
  try {
    await findVisible(ctx, businessId, viewer, change.conversationId);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return false;
    throw err;
  }
}

/**
 * A server-sent event stream of the changes to conversations the signed-in user sees (its
 * role's scope, lib/auth/access.ts): `event: conversation` with the id and what changed, and
 * `event: agent` when a user of the business changes its status. The browser re-reads what
 * it shows; the stream carries no message content. Ends with `signal`.
 */
export async function conversationStream(
  ctx: Ctx,
  businessId: string,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const viewer = await loadViewer(ctx, businessId);
  const enc = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  // start() runs inside the constructor, so the controller is at hand at once.
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      stop();
      clearInterval(beat);
    },
  });
  const send = (text: string) => {
    try {
      controller.enqueue(enc.encode(text));
    } catch {
      // The stream closed between the change and this write.
    }
  };
  const close = () => {
    stop();
    clearInterval(beat);
    try {
      controller.close();
    } catch {
      // Already closed.
    }
  };
  send(`retry: 2000\n: connected\n\n`);
  // Subscribed before the stream is handed out: a change committed once the caller holds the
  // stream is never missed (the first subscriber of a process opens the LISTEN connection).
  const stop = await subscribeChanges((change) => {
    if (change.kind === "agent") {
      if (change.businessId === businessId)
        send(`event: agent\ndata: ${JSON.stringify({ userId: change.assigneeId })}\n\n`);
      return;
    }
    void sees(ctx, businessId, viewer, change)
      .then((ok) => {
        if (ok)
          send(
            `event: conversation\ndata: ${JSON.stringify({ id: change.conversationId, kind: change.kind, assigneeId: change.assigneeId })}\n\n`,
          );
      })
      .catch(() => undefined);
  });
  const beat = setInterval(() => send(`: keep-alive\n\n`), HEARTBEAT_MS);
  if (signal.aborted) close();
  else signal.addEventListener("abort", close, { once: true });
  return stream;
}
