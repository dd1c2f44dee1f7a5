import { and, eq } from "drizzle-orm";
import { templates } from "@/db/schema/index";
import type { OutboundMessage } from "../../channels/message-provider";
import type { Ctx } from "../../context";
import type { ChatappComponent } from "../../templates/chatapp-schemas";
import { preview, type MessagePreview } from "./message-preview";

/**
 * What the recipient of one message saw: its template's texts with the sent values filled in,
 * the same rendering as the virtual phone. The template is read with the message's business,
 * so a template id can never reach another tenant's row.
 */
export async function getSentPreview(
  ctx: Ctx,
  input: { businessId: string; templateId: string | null; content: unknown },
): Promise<MessagePreview> {
  let components: ChatappComponent[] = [];
  if (input.templateId) {
    const [t] = await ctx.db
      .select({ components: templates.components })
      .from(templates)
      .where(and(eq(templates.businessId, input.businessId), eq(templates.id, input.templateId)));
    components = (t?.components as ChatappComponent[] | undefined) ?? [];
  }
  return preview(input.content as OutboundMessage["content"], components);
}
