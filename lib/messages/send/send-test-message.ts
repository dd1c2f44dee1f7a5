import type { Ctx } from "../../context";
import { AppError } from "../../errors";
import { getDefaultCountry } from "../../businesses/get-default-country";
import { normaliseTypedPhone } from "../../profiles/normalise-typed-phone";
import { getTemplate } from "../../templates/get-template";
import { loadChannel } from "../dispatch/sender-channel";
import type { SendResponse } from "../schemas";
import { sendRcsMessage } from "./send-rcs-message";
import { sendTemplateMessage } from "./send-template-message";
import { testSendInput, type TestSendInput } from "./test-send-schemas";
import { testSendSlots } from "./test-send-slots";

/**
 * A test send from the dashboard: the form's values put into an A1 (chatapp) or A2 (RCS) body
 * and sent through the same functions as the API, so what arrives is what the API would send.
 * A chatapp send goes from the business's first sender.
 */
export async function sendTestMessage(
  ctx: Ctx,
  businessId: string,
  raw: TestSendInput,
): Promise<SendResponse & { to: string }> {
  const input = testSendInput.parse(raw);
  const t = await getTemplate(ctx, { businessId, templateId: input.templateId });
  // The number as a person typed it ("098123 40001"), read with the business's default country.
  const phone = normaliseTypedPhone(input.to, await getDefaultCountry(ctx, businessId));
  if (!phone.ok)
    throw new AppError("invalid_request", "Not a phone number", [{ path: "to", message: phone.reason }]);
  const to = phone.e164;
  const slots = testSendSlots(t, () => "");
  if (!slots)
    throw new AppError("invalid_request", "Carousel templates are sent through the API only for now");
  if (slots.length !== input.values.length)
    throw new AppError("invalid_request", `This template takes ${slots.length} value(s)`, [
      { path: "values", message: `Give ${slots.length} value(s)` },
    ]);
  const text = (v: string) => ({ type: "text" as const, text: v });
  if (t.channel === "rcs") {
    const message = {
      messageType: "template" as const,
      name: t.name,
      language: t.language,
      components: input.values.length
        ? [{ componentType: "body" as const, parameters: input.values.map(text) }]
        : [],
    };
    return { ...(await sendRcsMessage(ctx, businessId, { to, toPath: "to", message } as never)), to };
  }
  const components: unknown[] = [];
  const body: ReturnType<typeof text>[] = [];
  slots.forEach((s, i) => {
    const v = input.values[i]!;
    if (s.kind === "media")
      components.push({
        componentType: "header",
        parameters: [{ type: "media", mediaType: s.mediaType, mediaLink: v }],
      });
    else if (s.kind === "body") body.push(text(v));
    else
      components.push({
        componentType: "button",
        sub_type: "url",
        index: String(s.index),
        parameters: [text(v)],
      });
  });
  if (body.length) components.push({ componentType: "body", parameters: body });
  const phoneNumberIds = (await loadChannel(ctx, businessId, "chatapp"))?.phoneNumberIds ?? [];
  const sent = await sendTemplateMessage(ctx, businessId, {
    message: { messageType: "template", name: t.name, language: t.language, components },
    to,
    phoneNumberId: phoneNumberIds[0] ?? "",
  } as never);
  return { ...sent, to };
}
