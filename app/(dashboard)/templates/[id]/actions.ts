"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { addTestNumber } from "@/lib/businesses/add-test-number";
import { sendTestMessage } from "@/lib/messages/send/send-test-message";
import { sendTestInput } from "@/lib/messages/send/send-test-schema";
import { deleteTemplate } from "@/lib/templates/delete-template";
import { getTemplate } from "@/lib/templates/get-template";
import { imageHashes } from "@/lib/templates/image-hash-args";
import { resubmitTemplate } from "@/lib/templates/resubmit-template";

const PAGE = ["/templates"];

/** Edits a rejected template and submits it for review again (images uploaded first). */
export const resubmitTemplateAction = defineAction(
  {
    action: "resubmitTemplateAction",
    // The template is parsed by the domain function (the API's too).
    input: z.tuple([z.string(), z.unknown(), imageHashes]),
    revalidate: PAGE,
  },
  async ([templateId, template, mediaHashes], { ctx, businessId }) => {
    const t = await resubmitTemplate(ctx, { businessId, templateId, template, mediaHashes });
    return { id: t.id };
  },
);

export const deleteTemplateAction = defineAction(
  { action: "deleteTemplateAction", input: z.string(), revalidate: PAGE },
  async (templateId, { ctx, businessId }) => {
    await deleteTemplate(ctx, { businessId, templateId });
    return undefined;
  },
);

/**
 * "Send a test": one message through the API's send path (A1 or A2); a typed number is put
 * on the test numbers first when asked (a full list refuses before anything is sent).
 */
export const sendTestMessageAction = defineAction(
  { action: "sendTestMessageAction", input: sendTestInput },
  async (input, { ctx, businessId }) => {
    if (input.keep === true) await addTestNumber(ctx, { businessId, number: input.to });
    const res = await sendTestMessage(ctx, businessId, input);
    return { messageId: res.messageId, recipient: input.to.replace(/[^\d]/g, "") };
  },
);

/** The template's status alone: the PENDING page polls it and re-renders only on a change. */
export const templateStatusAction = defineAction(
  { action: "templateStatusAction", input: z.string() },
  async (templateId, { ctx, businessId }) => ({
    status: (await getTemplate(ctx, { businessId, templateId })).status,
  }),
);
