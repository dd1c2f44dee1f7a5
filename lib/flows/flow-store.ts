import { flowRunStates } from "@/db/schema/flows";
import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { AppError, forbidden, invalid, invalidInput, isUniqueViolation, notFound } from "../errors";
import { isUuid, uuidv7 } from "../ids";
import { FlowDefinition, type FlowDefinitionInput } from "./definition";
import { FlowInput, FlowUpdate, type FlowView } from "./flow-schemas";

/** Admins, managers and the business's API keys edit and publish flows; agents only see runs. */
export function mayEdit(ctx: Ctx): void {
  if (ctx.actor.type === "api_key") return;
  if (ctx.actor.type === "user" && (ctx.actor.role === "BUSINESS_ADMIN" || ctx.actor.role === "MANAGER"))
    return;
  throw forbidden("Only a business admin or manager edits flows");
}

type FlowRow = {
  id: string;
  name: string;
  enabled: boolean;
  draft: FlowDefinition;
  published_version: number | null;
  created_at: Date;
  updated_at: Date;
};
const view = (r: FlowRow): FlowView => ({
  id: r.id,
  name: r.name,
  enabled: r.enabled,
  draft: r.draft,
  publishedVersion: r.published_version,
  createdAt: Math.floor(r.created_at.getTime() / 1000),
  updatedAt: Math.floor(r.updated_at.getTime() / 1000),
});

const nameTaken = (name: string) =>
  new AppError("conflict", `A flow named ${name} exists already`, [{ path: "name", message: "Taken" }]);

/** A new flow with its draft (not running until published). */
export async function createFlow(ctx: Ctx, businessId: string, raw: unknown): Promise<FlowView> {
  mayEdit(ctx);
  const parsed = FlowInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  try {
    const [row] = await rawQuery<FlowRow>(
      ctx.db,
      `INSERT INTO flows (id, business_id, name, enabled, draft) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [uuidv7(), businessId, parsed.data.name, parsed.data.enabled, JSON.stringify(parsed.data.definition)],
    );
    return view(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(parsed.data.name);
    throw err;
  }
}

/** Changes a flow's name, enabled or draft; what runs changes only on publish. */
export async function updateFlow(ctx: Ctx, businessId: string, id: string, raw: unknown): Promise<FlowView> {
  mayEdit(ctx);
  const parsed = FlowUpdate.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  if (!isUuid(id)) throw notFound("Flow");
  const d = parsed.data;
  try {
    const [row] = await rawQuery<FlowRow>(
      ctx.db,
      `UPDATE flows SET name = coalesce($3, name), enabled = coalesce($4, enabled),
         draft = coalesce($5::jsonb, draft), updated_at = now()
       WHERE business_id = $1 AND id = $2 RETURNING *`,
      [businessId, id, d.name ?? null, d.enabled ?? null, d.definition ? JSON.stringify(d.definition) : null],
    );
    if (!row) throw notFound("Flow");
    return view(row);
  } catch (err) {
    if (d.name && isUniqueViolation(err)) throw nameTaken(d.name);
    throw err;
  }
}

/** Publishes the draft as the next version: new runs start on it; runs in flight keep theirs. */
export async function publishFlow(ctx: Ctx, businessId: string, id: string): Promise<FlowView> {
  mayEdit(ctx);
  if (!isUuid(id)) throw notFound("Flow");
  return inTransaction(ctx, async (tx) => {
    const [flow] = await rawQuery<FlowRow>(
      tx.db,
      `SELECT * FROM flows WHERE business_id = $1 AND id = $2 FOR UPDATE`,
      [businessId, id],
    );
    if (!flow) throw notFound("Flow");
    const checked = FlowDefinition.safeParse(flow.draft);
    if (!checked.success) throw invalidInput(checked.error, "The draft cannot be published", "definition.");
    if (checked.data.triggers.length === 0)
      throw invalid("The draft cannot be published", [
        { path: "definition.triggers", message: "Add a trigger: a flow without one never starts" },
      ]);
    const version = (flow.published_version ?? 0) + 1;
    await rawQuery(
      tx.db,
      `INSERT INTO flow_versions (business_id, flow_id, version, definition, published_by) VALUES ($1, $2, $3, $4, $5)`,
      [businessId, id, version, JSON.stringify(checked.data), `${tx.actor.type}:${tx.actor.id}`],
    );
    const [row] = await rawQuery<FlowRow>(
      tx.db,
      `UPDATE flows SET published_version = $3, updated_at = now() WHERE business_id = $1 AND id = $2 RETURNING *`,
      [businessId, id, version],
    );
    return view(row!);
  });
}

export async function getFlow(ctx: Ctx, businessId: string, id: string): Promise<FlowView> {
  if (!isUuid(id)) throw notFound("Flow");
  const [row] = await rawQuery<FlowRow>(ctx.db, `SELECT * FROM flows WHERE business_id = $1 AND id = $2`, [
    businessId,
    id,
  ]);
  if (!row) throw notFound("Flow");
  return view(row);
}

export async function listFlows(ctx: Ctx, businessId: string): Promise<FlowView[]> {
  const rows = await rawQuery<FlowRow>(
    ctx.db,
    `SELECT * FROM flows WHERE business_id = $1 ORDER BY name LIMIT 500`,
    [businessId],
  );
  return rows.map(view);
}

export type { FlowDefinitionInput };

export type RunView = {
  id: string;
  conversationId: string;
  version: number;
  state: (typeof flowRunStates)[number];
  stepId: string | null;
  variables: Record<string, string>;
  endReason: string | null;
  createdAt: number;
  endedAt: number | null;
};

/** A flow's runs, newest first (at most 100). */
export async function listRuns(ctx: Ctx, businessId: string, flowId: string): Promise<RunView[]> {
  await getFlow(ctx, businessId, flowId);
  const rows = await rawQuery<{
    id: string;
    conversation_id: string;
    version: number;
    state: (typeof flowRunStates)[number];
    step_id: string | null;
    variables: Record<string, string>;
    end_reason: string | null;
    created_at: Date;
    ended_at: Date | null;
  }>(
    ctx.db,
    `SELECT id, conversation_id, version, state, step_id, variables, end_reason, created_at, ended_at
     FROM flow_runs WHERE business_id = $1 AND flow_id = $2 ORDER BY id DESC LIMIT 100`,
    [businessId, flowId],
  );
  const epoch = (d: Date) => Math.floor(d.getTime() / 1000);
  return rows.map((r) => ({
    id: r.id,
    conversationId: r.conversation_id,
    version: r.version,
    state: r.state,
    stepId: r.step_id,
    variables: r.variables,
    endReason: r.end_reason,
    createdAt: epoch(r.created_at),
    endedAt: r.ended_at ? epoch(r.ended_at) : null,
  }));
}
