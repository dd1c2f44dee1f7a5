import { and, eq, isNull, type SQL } from "drizzle-orm";
import { templates } from "@/db/schema";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import type { TemplateView } from "./schemas";
import type { TemplateChannel } from "./template-fields";
import { templateView } from "./template-view";

/**
 * For the messaging pipeline: the APPROVED template a send refers to, by name or id. Throws
 * a 400 naming the problem (unknown name, wrong language, not approved yet, rejected), since
 * the caller's parameters are what is wrong.
 */
export async function findSendableTemplate(
  ctx: Ctx,
  input: { businessId: string; channel: TemplateChannel; name?: string; id?: string; language?: string },
): Promise<TemplateView> {
  const path = input.id ? "templateId" : "message.name";
  const label = input.id ? `id '${input.id}'` : `'${input.name ?? ""}'`;
  const where: SQL[] = [eq(templates.businessId, input.businessId), eq(templates.channel, input.channel)];
  if (input.id) {
    if (!isUuid(input.id)) throw bad(path, `No ${input.channel} template with ${label}`);
    where.push(eq(templates.id, input.id));
  } else if (input.name) {
    // A deleted template's name may be taken again: the name means the live one.
    where.push(eq(templates.name, input.name), isNull(templates.deletedAt));
  } else {
    throw bad("message.name", "A template name or id is required");
  }
  const [row] = await ctx.db
    .select()
    .from(templates)
    .where(and(...where));
  if (!row) throw bad(path, `No ${input.channel} template with ${input.id ? label : `name ${label}`}`);
  if (row.deletedAt) throw bad(path, `Template ${label} was deleted; it can no longer be sent`);
  if (input.language && row.language !== input.language) {
    throw bad(
      "message.language",
      `Template ${label} is in language '${row.language}', not '${input.language}'`,
    );
  }
  if (row.status !== "APPROVED") {
    const why =
      row.status === "REJECTED"
        ? `was rejected: ${row.rejectionReason ?? "no reason given"}`
        : "is still PENDING review";
    throw bad(path, `Template ${label} ${why}; only APPROVED templates can be sent`);
  }
  return templateView(row);
}

const bad = (path: string, message: string) => new AppError("invalid_request", message, [{ path, message }]);
