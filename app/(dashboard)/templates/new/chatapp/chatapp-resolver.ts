import type { FieldErrors, Resolver } from "react-hook-form";
import { createChatappTemplateInput } from "@/lib/templates/chatapp-schemas";
import { buildChatappTemplate, type ChatappFormValues } from "./build-template";

/** Validates the built template with the API's zod schema; errors land on the form fields. */
export const chatappResolver: Resolver<ChatappFormValues> = async (values) => {
  const { template, fieldOf } = buildChatappTemplate(values);
  const r = createChatappTemplateInput.safeParse(template);
  if (r.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of r.error.issues) {
    const field = fieldOf(issue.path.map(String).join(".")) ?? "root";
    setPath(errors, field, { type: "zod", message: issue.message });
  }
  return { values: {}, errors: errors as FieldErrors<ChatappFormValues> };
};

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let node = target;
  keys.slice(0, -1).forEach((k, i) => {
    node[k] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
    node = node[k] as Record<string, unknown>;
  });
  node[keys[keys.length - 1]!] ??= value;
}
