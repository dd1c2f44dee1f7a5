import type { OutboundMessage } from "../../channels/message-provider";
import type { Ctx } from "../../context";
import { AppError } from "../../errors";
import { rawQuery } from "../../db/sql";
import { fillRcsCards } from "../../messages/content/rcs-content";
import { requireSender } from "../../messages/dispatch/sender-channel";
import { sendableTemplate } from "../../messages/send/sendable-template";
import type { PromotionRow } from "../promotion-record";
import { REST_ARM } from "../ab/arm-deal";
import { toMetaComponents, toRcsValues } from "./spec-components";

/** What a recipient row brings to planning. */
export type PlanRecipient = {
  batchId: string | null;
  viaFallback: boolean;
  /**
   * Its A/B test arm (1..4: that variant's template and values; REST_ARM: the winner's, once
   * picked); null or absent: none.
   */
  arm?: number | null;
  vars: Record<string, string>;
};

/** The message of one recipient, ready for insertSendRows (ids and recipient added by the caller). */
export type PlannedMessage = {
  channel: "chatapp" | "rcs";
  sender: string;
  provider: string;
  msgType: "template" | "richcard";
  templateId: string;
  templateName: string;
  language: string;
  content: OutboundMessage["content"];
};

export type RecipientPlan =
  { ok: true; message: PlannedMessage } | { ok: false; errorCode: string; reason: string };

type Batch = { template_id: string; components: unknown; fallback: unknown };
type Fallback = { templateName?: string; language?: string; phoneNumberId?: string };

const failure = (errorCode: string, err: unknown): RecipientPlan => ({
  ok: false,
  errorCode,
  reason: err instanceof Error ? err.message : String(err),
});

/**
 * Plans what each recipient of `promotion` is sent (the shared contract): a `promotion` its
 * template (chatapp by id, filled from the recipient's list columns; RCS by id); an
 * `rcs_campaign` recipient its batch's template and components (values from its extras); a
 * recipient marked `viaFallback` the chatapp template of the batch's (else the campaign's)
 * `fallback`, with the same components; a recipient of an A/B test's variant (its `arm`) that
 * variant's template and components. Templates and senders are looked up once per planner;
 * a recipient that cannot be planned (template no longer approved, missing value) gets a
 * failure instead of a message, so one bad row never blocks the others.
 */
export function recipientPlanner(ctx: Ctx, promotion: PromotionRow) {
  const businessId = promotion.businessId;
  const batches = new Map<string, Promise<Batch | undefined>>();
  const batchOf = (id: string) => {
    let b = batches.get(id);
    if (!b) {
      b = rawQuery<Batch>(
        ctx.db,
        `SELECT template_id, components, fallback FROM promotion_batches WHERE business_id = $1 AND id = $2`,
        [businessId, id],
      ).then((rows) => rows[0]);
      batches.set(id, b);
    }
    return b;
  };
  // Memoised per planner: one chunk asks for the same template and sender for every recipient.
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    let v = memo.get(key) as Promise<T> | undefined;
    if (!v) memo.set(key, (v = fn()));
    return v;
  };
  const template = (channel: "chatapp" | "rcs", by: { id?: string; name?: string; language?: string }) =>
    once(`t|${channel}|${by.id}|${by.name}|${by.language}`, () =>
      sendableTemplate(ctx, { businessId, channel, ...by }),
    );
  const senderOf = (channel: "chatapp" | "rcs", phoneNumberId?: string) =>
    once(`s|${channel}|${phoneNumberId}`, () => requireSender(ctx, businessId, channel, phoneNumberId));
  const ownComponents = (promotion.template as { components?: unknown } | null)?.components;

  const chatapp = async (
    by: { id?: string; name?: string; language?: string },
    phoneNumberId: string | null | undefined,
    components: unknown,
    vars: Record<string, string>,
  ): Promise<RecipientPlan> => {
    const t = await template("chatapp", by);
    const { settings, sender } = await senderOf("chatapp", phoneNumberId ?? undefined);
    const filled = toMetaComponents(components, vars);
    if (filled.missing.length > 0) return missing(filled.missing);
    return {
      ok: true,
      message: {
        channel: "chatapp",
        sender,
        provider: settings.provider,
        msgType: "template",
        templateId: t.id,
        templateName: t.name,
        language: t.language,
        content: { kind: "template", name: t.name, language: t.language, components: filled.components },
      },
    };
  };

  const rcs = async (
    templateId: string,
    components: unknown,
    vars: Record<string, string>,
  ): Promise<RecipientPlan> => {
    const t = await template("rcs", { id: templateId });
    const { settings, sender } = await senderOf("rcs");
    const filled = toRcsValues(components, vars);
    if (filled.missing.length > 0) return missing(filled.missing);
    const richCard = fillRcsCards(t, filled.cards, "template.components");
    return {
      ok: true,
      message: {
        channel: "rcs",
        sender,
        provider: settings.provider,
        msgType: "richcard",
        templateId: t.id,
        templateName: t.name,
        language: t.language,
        content: { kind: "rcs_richcard", richCard },
      },
    };
  };

  return async (r: PlanRecipient): Promise<RecipientPlan> => {
    try {
      const batch = r.batchId ? await batchOf(r.batchId) : undefined;
      if (r.viaFallback) {
        const fb = (batch?.fallback ?? promotion.fallback) as Fallback | null;
        if (!fb?.templateName) return failure("no_fallback", "No chatapp fallback for a non-RCS number");
        const components = batch ? batch.components : ownComponents;
        return await chatapp(
          { name: fb.templateName, language: fb.language },
          fb.phoneNumberId,
          components,
          r.vars,
        );
      }
      if (batch) return await rcs(batch.template_id, batch.components, r.vars);
      // Kept for the winner (REST_ARM): the variant the winner job picked.
      const arm = r.arm === REST_ARM ? promotion.abTest?.winner?.decision?.arm : r.arm;
      const variant = arm ? promotion.abTest?.variants.find((v) => v.arm === arm) : undefined;
      if (variant) {
        if (promotion.channelType === "rcs") return await rcs(variant.templateId, variant.components, r.vars);
        return await chatapp({ id: variant.templateId }, promotion.phoneNumberId, variant.components, r.vars);
      }
      if (!promotion.templateId) return failure("template_unavailable", "The promotion has no template");
      if (promotion.channelType === "rcs") return await rcs(promotion.templateId, ownComponents, r.vars);
      return await chatapp({ id: promotion.templateId }, promotion.phoneNumberId, ownComponents, r.vars);
    } catch (err) {
      if (err instanceof AppError) return failure("template_unavailable", err);
      throw err;
    }
  };
}

function missing(columns: string[]): RecipientPlan {
  return failure("missing_value", `No value for ${columns.map((c) => `\${${c}}`).join(", ")}`);
}
