import type { Ctx } from "../context";
import { updateFlow } from "./flow-store";
import type { FlowView } from "./flow-schemas";

/** Turns a flow off (no new runs start on it; runs in flight go on) or on again. */
export async function setFlowEnabled(
  ctx: Ctx,
  businessId: string,
  id: string,
  enabled: boolean,
): Promise<FlowView> {
  return updateFlow(ctx, businessId, id, { enabled });
}
