import type { Ctx } from "../context";
import { createFlow, getFlow, listFlows, mayEdit } from "./flow-store";
import type { FlowView } from "./flow-schemas";

/** A new draft with the flow's draft, named "<name> (copy)" (then "(copy 2)", ...); disabled until published. */
export async function duplicateFlow(ctx: Ctx, businessId: string, id: string): Promise<FlowView> {
  mayEdit(ctx);
  const flow = await getFlow(ctx, businessId, id);
  const taken = new Set((await listFlows(ctx, businessId)).map((f) => f.name.toLowerCase()));
  const base = `${flow.name.slice(0, 100)} (copy`;
  let name = `${base})`;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} ${n})`;
  return createFlow(ctx, businessId, { name, enabled: flow.enabled, definition: flow.draft });
}
