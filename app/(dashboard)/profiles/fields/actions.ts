"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { createAttributeDefinition, deleteAttributeDefinition } from "@/lib/audiences/attribute-definitions";
import { createTag, deleteTag, updateTag } from "@/lib/audiences/tags";
import { updateAttributeDefinition } from "@/lib/audiences/update-attribute-definition";

// The tag and attribute forms are parsed by their domain functions (the API's too).
const PAGE = ["/profiles/fields"];

/** The form's choices, one per line, as the definition's list (blank lines dropped). */
const withChoices = (raw: unknown) => {
  const v = (raw ?? {}) as { choices?: unknown; type?: unknown };
  if (typeof v.choices !== "string") return raw;
  const list = v.choices
    .split(/\r?\n/)
    .map((c) => c.trim())
    .filter(Boolean);
  return { ...v, choices: list.length > 0 || v.type === "choice" ? list : undefined };
};
const attributeForm = z.unknown().transform(withChoices);

export const createTagAction = defineAction(
  { action: "createTagAction", input: z.unknown(), revalidate: PAGE },
  async (body, { ctx, businessId }) => createTag(ctx, businessId, body),
);

export const updateTagAction = defineAction(
  { action: "updateTagAction", input: z.tuple([z.string(), z.unknown()]), revalidate: PAGE },
  async ([id, body], { ctx, businessId }) => updateTag(ctx, businessId, id, body),
);

export const deleteTagAction = defineAction(
  { action: "deleteTagAction", input: z.string(), revalidate: PAGE },
  async (id, { ctx, businessId }) => {
    await deleteTag(ctx, businessId, id);
    return null;
  },
);

export const createAttributeAction = defineAction(
  { action: "createAttributeAction", input: attributeForm, revalidate: PAGE },
  async (body, { ctx, businessId }) => createAttributeDefinition(ctx, businessId, body),
);

export const updateAttributeAction = defineAction(
  { action: "updateAttributeAction", input: z.tuple([z.string(), attributeForm]), revalidate: PAGE },
  async ([key, body], { ctx, businessId }) => updateAttributeDefinition(ctx, businessId, key, body),
);

export const deleteAttributeAction = defineAction(
  { action: "deleteAttributeAction", input: z.string(), revalidate: PAGE },
  async (key, { ctx, businessId }) => {
    await deleteAttributeDefinition(ctx, businessId, key);
    return null;
  },
);
