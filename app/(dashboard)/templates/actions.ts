"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { createChatappTemplate } from "@/lib/templates/create-chatapp-template";
import { createRcsTemplate } from "@/lib/templates/create-rcs-template";
import { imageHashes } from "@/lib/templates/image-hash-args";
import { limits } from "@/lib/templates/template-fields";

// The template itself is parsed by its domain function (the API's too).
const PAGE = ["/templates"];

/** Creates a chatapp template from the form; images were uploaded first (their hashes). */
export const createChatappTemplateAction = defineAction(
  { action: "createChatappTemplateAction", input: z.tuple([z.unknown(), imageHashes]), revalidate: PAGE },
  async ([template, mediaHashes], { ctx, businessId }) => {
    const t = await createChatappTemplate(ctx, { businessId, template, mediaHashes });
    return { id: t.id };
  },
);

/** Uploaded images as their hashes, one per card ("" for none): strings only, one per card. */
const cardHashes = z
  .unknown()
  .transform((h) =>
    (Array.isArray(h) ? h : [h]).slice(0, limits.cards.max).map((x) => (typeof x === "string" ? x : "")),
  );

/** Creates an RCS template; uploaded images come as their hashes, one per card ("" for none). */
export const createRcsTemplateAction = defineAction(
  { action: "createRcsTemplateAction", input: z.tuple([z.unknown(), cardHashes]), revalidate: PAGE },
  async ([template, mediaHash], { ctx, businessId }) => {
    const t = await createRcsTemplate(ctx, { businessId, template, mediaHash });
    return { id: t.id };
  },
);
