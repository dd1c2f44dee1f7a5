import { z } from "zod";
import type { TestField } from "../templates/test-slots";

/** The composer's template form; one schema for the form and the action. */
export const TemplateReplyInput = z.object({
  templateId: z.uuid("Choose a template"),
  /** The template's slots in order (lib/templates/test-slots.ts). */
  values: z
    .array(z.string().trim().min(1, "Fill this in").max(1024, "At most 1,024 characters"))
    .max(60)
    .default([]),
});
export type TemplateReplyInput = z.input<typeof TemplateReplyInput>;

export type ReplyTemplate = {
  id: string;
  name: string;
  language: string;
  category: string | null;
  /** The body as written, with its {{n}} variables, for the preview. */
  body: string;
  fields: TestField[];
  /** What each field starts with: the values last sent to this customer, else the samples. */
  prefill: string[];
};
