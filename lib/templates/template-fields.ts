import { z } from "zod";
import { templateCategories, templateChannels, templateStatuses } from "@/db/schema/templates";

// What both kinds of template share: channel, status and category, Meta's and RBM's limits,
// the name and language rules (chatapp-schemas.ts and rcs-schemas.ts build on them).

export { templateCategories, templateChannels, templateStatuses };
export type TemplateChannel = (typeof templateChannels)[number];
export type TemplateStatus = (typeof templateStatuses)[number];
export type TemplateCategory = (typeof templateCategories)[number];

/** Meta's limits for template components (WhatsApp Business Management API). */
export const limits = {
  name: 512,
  body: 1024,
  cardBody: 160,
  footer: 60,
  headerText: 60,
  buttonText: 25,
  buttons: 10,
  urlButtons: 2,
  phoneButtons: 1,
  cardButtons: 2,
  url: 2000,
  phoneNumber: 20,
  cards: { min: 2, max: 10 },
  rcsTitle: 200,
  rcsDescription: 2000,
  rcsSuggestions: 4,
  rcsSuggestionText: 25,
  rcsPostback: 2048,
} as const;

export const templateName = z
  .string()
  .trim()
  .min(1, "Required")
  .max(limits.name, `At most ${limits.name} characters`)
  .regex(/^[a-z0-9_]+$/, "Use lowercase letters, digits and underscores only");

export const templateLanguage = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "Use a language code such as en or en_US");

export const templateCategory = z.enum(templateCategories);
