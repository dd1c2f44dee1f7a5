import type { Ctx } from "../../context";
import type { ConversationRow } from "../../conversations/conversation-row";
import { rawQuery } from "../../db/sql";
import { uuidv7 } from "../../ids";
import type { PublishedFlow } from "./match-trigger";
import type { RunRow } from "./run-steps";

/**
 * A new run of the flow's published version in `conv`, at its start step (runSteps then runs
 * it): what a trigger starts and what the API starts, with the caller's initial `variables`.
 * The conversation's one active run is a unique index, so the caller stops or refuses another.
 */
export async function startRun(
  tx: Ctx,
  conv: ConversationRow,
  flow: PublishedFlow,
  variables: Record<string, string> = {},
): Promise<RunRow> {
  const [run] = await rawQuery<RunRow>(
    tx.db,
    `INSERT INTO flow_runs (id, business_id, flow_id, version, conversation_id, state, step_id, variables)
     VALUES ($1, $2, $3, $4, $5, 'running', $6, $7) RETURNING *`,
    [
      uuidv7(),
      conv.business_id,
      flow.id,
      flow.version,
      conv.id,
      flow.definition.start,
      JSON.stringify(variables),
    ],
  );
  return run!;
}

/**
 * Runs each conversation started in the last hour (any flow), by conversation id (none: absent):
 * a flow's settings.maxRunsPerHour bounds them. One statement for a batch's conversations.
 */
export async function runsInLastHour(
  tx: Ctx,
  businessId: string,
  conversationIds: string[],
): Promise<Map<string, number>> {
  const rows = await rawQuery<{ conversation_id: string; n: number }>(
    tx.db,
    `SELECT conversation_id, count(*)::int AS n FROM flow_runs
     WHERE business_id = $1 AND conversation_id = ANY($2::uuid[]) AND created_at > now() - interval '1 hour'
     GROUP BY conversation_id`,
    [businessId, conversationIds],
  );
  return new Map(rows.map((r) => [r.conversation_id, r.n]));
}
