import type { Ctx } from "../context";
import { invalid, invalidInput } from "../errors";
import { FlowExport } from "./export-flow";
import { createFlow, mayEdit } from "./flow-store";
import type { FlowView } from "./flow-schemas";

/**
 * A new draft flow from an export file (its JSON text or the parsed object), checked in full
 * by FlowDefinition: a mistake is refused with its path (`definition.steps.2.next`). A bare
 * definition (no name) takes `name`. The flow is created disabled: it runs once published and
 * enabled.
 */
export async function importFlow(
  ctx: Ctx,
  businessId: string,
  input: { json: unknown; name?: string },
): Promise<FlowView> {
  mayEdit(ctx);
  let data = input.json;
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch (err) {
      throw invalid("That is not JSON", [{ path: "json", message: (err as Error).message }]);
    }
  }
  if (data && typeof data === "object" && !("definition" in data) && "steps" in data)
    data = { name: input.name, definition: data };
  else if (data && typeof data === "object" && input.name) data = { ...data, name: input.name };
  const parsed = FlowExport.safeParse(data);
  if (!parsed.success) throw invalidInput(parsed.error, "That flow file has mistakes");
  return createFlow(ctx, businessId, {
    name: parsed.data.name,
    enabled: false,
    definition: parsed.data.definition,
  });
}
