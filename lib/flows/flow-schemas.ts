import { z } from "zod";
import { FlowDefinition } from "./definition";

const Name = z.string().trim().min(1, "Name the flow").max(120, "At most 120 characters");

/** A new flow: its name and draft definition (checked in full; published separately). */
export const FlowInput = z.object({
  name: Name,
  enabled: z.boolean().default(true),
  definition: FlowDefinition,
});

export const FlowUpdate = z
  .object({ name: Name.optional(), enabled: z.boolean().optional(), definition: FlowDefinition.optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to update" });

export type FlowView = {
  id: string;
  name: string;
  enabled: boolean;
  draft: FlowDefinition;
  publishedVersion: number | null;
  createdAt: number;
  updatedAt: number;
};
