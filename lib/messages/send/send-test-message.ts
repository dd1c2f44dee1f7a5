import type { Ctx } from "../../context";
import { AppError } from "../../errors";
import { getTemplate } from "../../templates/get-template";
import { testSlotsOf } from "../../templates/test-slots";
import type { SendResponse } from "../schemas";
import { loadChannel } from "../dispatch/sender-channel";
import { sendRcsMessage } from "./send-rcs-message";
import { sendTemplateMessage } from "./send-template-message";
import { sendTestInput, type SendTestInput } from "./send-test-schema";

/**
 * "Send a test" from a template's page: one message to one number through the same domain
 * functions as the API (A1 for chatapp, A2 for RCS), so it is checked, stored, dispatched and
 * reported exactly like an API send. The chatapp sender is the business's first phone number
 * id; an image header reuses the template's own image.
 */
export async function sendTestMessage(
  ctx: Ctx,
  businessId: string,
  raw: SendTestInput,
): Promise<SendResponse> {
  const input = sendTestInput.parse(raw);
  const t = await getTemplate(ctx, { businessId, templateId: input.templateId });
  const slots = testSlotsOf(t);
  if (slots.unsupported) throw bad("templateId", slots.unsupported);
  if (input.values.length !== slots.fields.length)
    throw bad("values", `This template takes ${slots.fields.length} value(s); got ${input.values.length}`);
  const to = input.to.replace(/^\+/, "");
  if (t.channel === "rcs") {
    return sendRcsMessage(ctx, businessId, {
      to,
      toPath: "to",
      message: {
        messageType: "template",
        name: t.name,
        language: t.language,
        components: input.values.length
          ? [
              {
                componentType: "body",
                parameters: input.values.map((text) => ({ type: "text" as const, text })),
              },
            ]
          : [],
      },
    });
  }
  const channel = await loadChannel(ctx, businessId, "chatapp");
  const phoneNumberId = channel?.phoneNumberIds[0];
  if (!phoneNumberId) throw bad("to", "The chatapp channel of this business has no sender number yet");
  const body = input.values.slice(0, slots.body);
  const urls = input.values.slice(slots.body);
  return sendTemplateMessage(ctx, businessId, {
    to,
    phoneNumberId,
    message: {
      messageType: "template",
      name: t.name,
      language: t.language,
      components: [
        ...(slots.imageHash
          ? [
              {
                componentType: "header" as const,
                parameters: [
                  { type: "media" as const, mediaType: "image" as const, mediaId: slots.imageHash },
                ],
              },
            ]
          : []),
        ...(body.length
          ? [
              {
                componentType: "body" as const,
                parameters: body.map((text) => ({ type: "text" as const, text })),
              },
            ]
          : []),
        ...slots.urlButtons.map((index, i) => ({
          componentType: "button" as const,
          sub_type: "url" as const,
          index: String(index),
          parameters: [{ type: "text" as const, text: urls[i] ?? "" }],
        })),
      ],
    },
  });
}

const bad = (path: string, message: string) => new AppError("invalid_request", message, [{ path, message }]);
