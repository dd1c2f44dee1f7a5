import type { Ctx } from "../../context";
import { AppError } from "../../errors";
import { getTemplate } from "../../templates/get-template";
import { requireOwnedMedia } from "../../templates/create-chatapp-template";
import { publishedMediaUrl } from "../../templates/rcs-media";
import { testSlotsOf, type TestField } from "../../templates/test-slots";
import type { ChatappMessageComponent, MessageComponent, SendResponse } from "../schemas";
import { loadChannel } from "../dispatch/sender-channel";
import { sendRcsMessage } from "./send-rcs-message";
import { sendTemplateMessage } from "./send-template-message";
import { sendTestInput, type SendTestInput } from "./send-test-schema";
import { HTTP_URL } from "../../validation/http-url";

/**
 * "Send a test" from a template's page or the virtual phone: one message to one number through
 * the same domain functions as the API (A1 for chatapp, A2 for RCS), so it is checked, stored,
 * dispatched and reported exactly like an API send. The values fill the template's test slots
 * (testSlotsOf) in order: media headers (a URL or an uploaded image), body variables, URL
 * suffixes, card by card for a carousel. The chatapp sender is the business's first phone
 * number id.
 */
export async function sendTestMessage(
  ctx: Ctx,
  businessId: string,
  raw: SendTestInput,
): Promise<SendResponse> {
  const input = sendTestInput.parse(raw);
  const t = await getTemplate(ctx, { businessId, templateId: input.templateId });
  const fields = testSlotsOf(t);
  if (input.values.length !== fields.length)
    throw bad("values", `This template takes ${fields.length} value(s); got ${input.values.length}`);
  await checkMedia(ctx, businessId, fields, input.values);
  const to = input.to.replace(/^\+/, "");
  if (t.channel === "rcs") {
    return sendRcsMessage(ctx, businessId, {
      to,
      toPath: "to",
      message: {
        messageType: "template",
        name: t.name,
        language: t.language,
        // A carousel's values go card by card (card_index), a standalone card's at the top.
        components: testComponents(fields, input.values),
      },
    });
  }
  const channel = await loadChannel(ctx, businessId, "chatapp");
  const phoneNumberId = channel?.phoneNumberIds[0];
  if (!phoneNumberId) throw bad("to", "The chatapp channel of this business has no sender number yet");
  return sendTemplateMessage(ctx, businessId, {
    to,
    phoneNumberId,
    message: {
      messageType: "template",
      name: t.name,
      language: t.language,
      components: testComponents(fields, linkUploads(businessId, fields, input.values)),
    },
  });
}

/**
 * A1 components from the slots and their values: the template's header, body and buttons,
 * then one carousel component with a card per card index, each card's parts in the same order.
 */
export function testComponents(fields: TestField[], values: string[]): ChatappMessageComponent[] {
  const groups = new Map<number | undefined, MessageComponent[]>();
  fields.forEach((f, i) => {
    const value = values[i] ?? "";
    const list = groups.get(f.target.card) ?? [];
    groups.set(f.target.card, list);
    const { target } = f;
    if (target.part === "header")
      list.push({
        componentType: "header",
        parameters: [{ type: "media", mediaType: target.media, mediaId: value }],
      });
    else if (target.part === "headerText")
      list.push({ componentType: "header", parameters: [{ type: "text", text: value }] });
    else if (target.part === "button")
      list.push({
        componentType: "button",
        sub_type: "url",
        index: String(target.index),
        parameters: [{ type: "text", text: value }],
      });
    else {
      const body = list.find((c) => c.componentType === "body");
      if (body) body.parameters.push({ type: "text", text: value });
      else list.push({ componentType: "body", parameters: [{ type: "text", text: value }] });
    }
  });
  const cards = [...groups].flatMap(([card, components]) =>
    card === undefined ? [] : [{ card_index: card, components }],
  );
  return [
    ...(groups.get(undefined) ?? []),
    ...(cards.length ? [{ componentType: "carousel" as const, cards }] : []),
  ];
}

/**
 * An uploaded image goes out as its public address, as a campaign's header does: the provider
 * fetches a link (a hash is no media id of Meta's), and the message page and the virtual phone
 * show the image the recipient got.
 */
function linkUploads(businessId: string, fields: TestField[], values: string[]): string[] {
  return values.map((v, i) =>
    fields[i]?.target.part === "header" && uploadHash.test(v) ? publishedMediaUrl(businessId, v) : v,
  );
}

const uploadHash = /^[0-9a-f]{64}$/;

/** Each media value is an http(s) URL or an image this business uploaded; said on its field. */
async function checkMedia(ctx: Ctx, businessId: string, fields: TestField[], values: string[]) {
  for (const [i, f] of fields.entries()) {
    if (f.target.part !== "header") continue;
    const v = values[i]!;
    const media = f.target.media;
    if (uploadHash.test(v)) {
      await requireOwnedMedia(ctx, businessId, [v]).catch(() => {
        throw bad(`values.${i}`, `Upload the ${media} again: this business has no such file`);
      });
    } else if (!HTTP_URL.test(v) || v.length > 2048)
      throw bad(
        `values.${i}`,
        f.target.media === "image"
          ? "An http(s) URL of the image, or upload one"
          : `An http(s) URL of the ${f.target.media}, e.g. https://example.com/file.${f.target.media === "video" ? "mp4" : "pdf"}`,
      );
  }
}

const bad = (path: string, message: string) => new AppError("invalid_request", message, [{ path, message }]);
