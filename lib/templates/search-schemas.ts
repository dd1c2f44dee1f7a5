import { z } from "zod";
import { canonicalChannel } from "../businesses/channel-name";
import { templateCategories, templateChannels, templateStatuses } from "./template-fields";

const blank = z.literal("");

/**
 * Filters of the dashboard's templates table. Every field is a string (empty = no filter), so
 * one schema reads the URL of the page and a hand-edited value is simply ignored.
 */
export const templateSearchFilters = z.object({
  channel: z.preprocess(canonicalChannel, z.enum(templateChannels).or(blank)).catch("").default(""),
  status: z.enum(templateStatuses).or(blank).catch("").default(""),
  category: z.enum(templateCategories).or(blank).catch("").default(""),
});
export type TemplateSearchFilters = z.output<typeof templateSearchFilters>;

/** The filter keys in the order the table shows them. */
export const templateFilterKeys = Object.keys(templateSearchFilters.shape) as (keyof TemplateSearchFilters)[];

/** Each filter's options, straight from the enums the schema checks against. */
export const templateFilterOptions: Record<keyof TemplateSearchFilters, readonly string[]> = {
  channel: templateChannels,
  status: templateStatuses,
  category: templateCategories,
};

/** Column ids the server sorts by (the table's column ids). */
export const templateSortable = [
  "name",
  "channel",
  "category",
  "status",
  "sent",
  "delivered",
  "read",
  "failed",
  "createdAt",
] as const;

export type TemplateListRow = {
  id: string;
  name: string;
  channel: "chatapp" | "rcs";
  language: string;
  category: string | null;
  status: "PENDING" | "APPROVED" | "REJECTED";
  rejectionReason: string | null;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  createdAt: Date;
};
