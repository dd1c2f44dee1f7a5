"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import {
  createAttributeDefinition,
  deleteAttributeDefinition,
  type AttributeDefinitionView,
} from "@/lib/audiences/attribute-definitions";
import { createTag, deleteTag, updateTag, type TagView } from "@/lib/audiences/tags";
import { updateAttributeDefinition } from "@/lib/audiences/update-attribute-definition";

const PAGE = "/profiles/fields";

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

export async function createTagAction(raw: unknown): Promise<ActionResult<TagView>> {
  return runAction(async () => {
    const user = await requireAction("createTagAction");
    const tag = await createTag(userCtx(user), user.businessId, raw);
    revalidatePath(PAGE);
    return tag;
  }, raw);
}

export async function updateTagAction(id: string, raw: unknown): Promise<ActionResult<TagView>> {
  return runAction(async () => {
    const user = await requireAction("updateTagAction");
    const tag = await updateTag(userCtx(user), user.businessId, String(id), raw);
    revalidatePath(PAGE);
    return tag;
  }, raw);
}

export async function deleteTagAction(id: string): Promise<ActionResult<null>> {
  return runAction(async () => {
    const user = await requireAction("deleteTagAction");
    await deleteTag(userCtx(user), user.businessId, String(id));
    revalidatePath(PAGE);
    return null;
  }, id);
}

export async function createAttributeAction(raw: unknown): Promise<ActionResult<AttributeDefinitionView>> {
  return runAction(async () => {
    const user = await requireAction("createAttributeAction");
    const def = await createAttributeDefinition(userCtx(user), user.businessId, withChoices(raw));
    revalidatePath(PAGE);
    return def;
  }, raw);
}

export async function updateAttributeAction(
  key: string,
  raw: unknown,
): Promise<ActionResult<AttributeDefinitionView>> {
  return runAction(async () => {
    const user = await requireAction("updateAttributeAction");
    const def = await updateAttributeDefinition(
      userCtx(user),
      user.businessId,
      String(key),
      withChoices(raw),
    );
    revalidatePath(PAGE);
    return def;
  }, raw);
}

export async function deleteAttributeAction(key: string): Promise<ActionResult<null>> {
  return runAction(async () => {
    const user = await requireAction("deleteAttributeAction");
    await deleteAttributeDefinition(userCtx(user), user.businessId, String(key));
    revalidatePath(PAGE);
    return null;
  }, key);
}
