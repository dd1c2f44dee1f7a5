"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { countDefinition, countSegment } from "@/lib/audiences/segments/segment-matches";
import { createSegment, deleteSegment, updateSegment } from "@/lib/audiences/segments/segments";

// Segment definitions are parsed by their domain functions (the API's too).
const PAGE = "/profiles/segments";

export const createSegmentAction = defineAction(
  { action: "createSegmentAction", input: z.unknown(), revalidate: [PAGE] },
  async (body, { ctx, businessId }) => createSegment(ctx, businessId, body),
);

export const updateSegmentAction = defineAction(
  {
    action: "updateSegmentAction",
    input: z.tuple([z.string(), z.unknown()]),
    revalidate: ([id]) => [PAGE, `${PAGE}/${id}`],
  },
  async ([id, body], { ctx, businessId }) => updateSegment(ctx, businessId, id, body),
);

export const deleteSegmentAction = defineAction(
  { action: "deleteSegmentAction", input: z.string(), revalidate: [PAGE] },
  async (id, { ctx, businessId }) => {
    await deleteSegment(ctx, businessId, id);
    return null;
  },
);

/** The builder's live count: a definition not saved yet, checked as a save checks it. */
export const countDefinitionAction = defineAction(
  { action: "countDefinitionAction", input: z.unknown() },
  async (definition, { ctx, businessId }) => countDefinition(ctx, businessId, definition),
);

/** The list's count of one saved segment, on demand (a count reads every profile it matches). */
export const countSegmentAction = defineAction(
  { action: "countSegmentAction", input: z.string() },
  async (id, { ctx, businessId }) => countSegment(ctx, businessId, id),
);
