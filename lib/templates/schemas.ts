import { z } from "zod";
import { templateChannels, templateStatuses } from "@/db/schema/templates";
import { canonicalChannel } from "../businesses/channel-name";
import type { ChatappComponent } from "./chatapp-schemas";
import type { RcsRichCard } from "./rcs-schemas";
import {
  templateCategory,
  type TemplateCategory,
  type TemplateChannel,
  type TemplateStatus,
} from "./template-fields";

export type LintWarning = { code: string; path: string; message: string };
export type UsageCounters = { sent: number; delivered: number; read: number; failed: number };

/** A template as the domain hands it out (API shapes and pages build on it). */
export type TemplateView = {
  id: string;
  businessId: string;
  channel: TemplateChannel;
  name: string;
  language: string;
  category: TemplateCategory | null;
  status: TemplateStatus;
  rejectionReason: string | null;
  components: ChatappComponent[];
  rcsCard: RcsRichCard | null;
  mediaHashes: string[];
  lintWarnings: LintWarning[];
  provider: string;
  providerRef: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export const listTemplatesQuery = z.object({
  channel: z.preprocess(canonicalChannel, z.enum(templateChannels)).optional(),
  status: z.enum(templateStatuses).optional(),
  category: templateCategory.optional(),
  /** Name prefix (case-insensitive) or, in the dashboard, a search term. */
  name: z.string().trim().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  /** The id of the last template of the previous page. */
  cursor: z.string().uuid("A template id from nextCursor").optional(),
});
export type ListTemplatesQuery = z.input<typeof listTemplatesQuery>;

export const reviewDecisionInput = z
  .object({
    businessId: z.string().uuid(),
    templateId: z.string().uuid(),
    decision: z.enum(["APPROVED", "REJECTED"]),
    reason: z.string().trim().max(500).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.decision === "REJECTED" && !d.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Give the reason for the rejection" });
  });
export type ReviewDecisionInput = z.input<typeof reviewDecisionInput>;
