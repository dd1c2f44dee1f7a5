import { z } from "zod";
import type { Ctx } from "../context";
import { FlowDefinition } from "./definition";
import { getFlow } from "./flow-store";

/** The file a flow is exported to and imported from: its name and its draft definition. */
export const FlowExport = z.object({
  format: z.literal("switchboard.flow").default("switchboard.flow"),
  name: z.string().trim().min(1, "Name the flow").max(120, "At most 120 characters"),
  definition: FlowDefinition,
});
export type FlowExport = z.infer<typeof FlowExport>;

/** The flow's draft as an export file. */
export async function exportFlow(ctx: Ctx, businessId: string, id: string): Promise<FlowExport> {
  const flow = await getFlow(ctx, businessId, id);
  return { format: "switchboard.flow", name: flow.name, definition: flow.draft };
}
