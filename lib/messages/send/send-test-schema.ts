import { z } from "zod";

/** "Send a test" from a template's page; one schema for the form and the domain function. */
export const sendTestInput = z.object({
  templateId: z.uuid("Choose a template"),
  /** As a person writes it: "+91 98123 40002" is read as 919812340002. */
  to: z
    .string()
    .trim()
    .transform((s) => s.replace(/[\s().-]/g, ""))
    .pipe(z.string().regex(/^\+?\d{6,15}$/, "A number with its country code, e.g. +91 98123 40002")),
  /** The template's test slots in order (lib/templates/test-slots.ts): texts and media URLs. */
  values: z
    .array(z.string().trim().min(1, "Fill this in").max(2048, "At most 2048 characters"))
    .max(120)
    .default([]),
  /** Also put the number on the business's test numbers (it was typed, not picked from them). */
  keep: z.boolean().optional(),
});
export type SendTestInput = z.input<typeof sendTestInput>;
