import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";

/** The PostgreSQL channel every instance listens on for inbox changes (live/stream-hub.ts). */
export const CONVERSATION_CHANNEL = "sb_conversations";

export type ConversationChange = {
  businessId: string;
  conversationId: string;
  /**
   * message (either way), note, assigned, state; agent: a user's status changed (no
   * conversation: `conversationId` is empty and `assigneeId` is that user).
   */
  kind: "message" | "note" | "assigned" | "state" | "agent";
  assigneeId: string | null;
  teamId: string | null;
  /**
   * assigned: who held it before a transfer or unassignment. That agent's stream is told too,
   * so its list drops the conversation it may no longer see.
   */
  previousAssigneeId?: string | null;
};

/**
 * Announces a change to every instance through NOTIFY on the caller's transaction: PostgreSQL
 * delivers it at commit and drops it on rollback, so a browser never hears of a change that
 * did not happen. The payload carries only ids (each stream re-reads what its user may see).
 */
export async function publishChange(tx: Ctx, change: ConversationChange): Promise<void> {
  await publishChanges(tx, [change]);
}

/** publishChange for many changes: one statement, delivered in the order given. */
export async function publishChanges(tx: Ctx, changes: ConversationChange[]): Promise<void> {
  if (changes.length === 0) return;
  await rawQuery(
    tx.db,
    `SELECT pg_notify($1, p.payload) FROM unnest($2::text[]) WITH ORDINALITY AS p(payload, n) ORDER BY p.n`,
    [
      CONVERSATION_CHANNEL,
      changes.map((change) =>
        JSON.stringify({
          b: change.businessId,
          c: change.conversationId,
          k: change.kind,
          a: change.assigneeId,
          t: change.teamId,
          ...(change.previousAssigneeId ? { p: change.previousAssigneeId } : {}),
        }),
      ),
    ],
  );
}

/**
 * Announces that a user of the business changed its status, so every open inbox of the
 * business re-reads who is Available (the assign control, the list's agents).
 */
export async function publishAgentStatus(tx: Ctx, businessId: string, userId: string): Promise<void> {
  await publishChange(tx, {
    businessId,
    conversationId: "",
    kind: "agent",
    assigneeId: userId,
    teamId: null,
  });
}
