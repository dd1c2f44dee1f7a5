import { z } from "@hono/zod-openapi";

/** OpenAPI shapes of the promotion answers (the domain's record functions build them). */
export const PromotionRecordDoc = z
  .object({
    promotionId: z.string(),
    businessId: z.string(),
    platformId: z.string(),
    name: z.string(),
    channelType: z.enum(["chatapp", "rcs"]),
    status: z.string().openapi({ example: "Active" }),
    createdBy: z.string().nullable(),
    promotionType: z.string().openapi({ example: "IMMEDIATE" }),
    targetSource: z.string().openapi({ example: "CSV" }),
    targetType: z.string().openapi({ description: "The target list name", example: "diwali_2026" }),
    flowId: z.string().nullable(),
    flowName: z.string().nullable(),
    promotionBase: z.string().nullable(),
    attributionWindow: z.number().int(),
    promotionEndTime: z.number().int().openapi({ description: "epoch seconds; 0 when none" }),
    createdDate: z.number().int(),
  })
  .openapi("PromotionRecord");

const RejectedRowDoc = z.object({
  rowNumber: z.number().int().openapi({ description: "1-based data row (header not counted)" }),
  reason: z.string().openapi({ example: "invalid phone: Not a valid phone number" }),
});

export const LaunchResultDoc = PromotionRecordDoc.extend({
  targetListId: z.string(),
  targetListName: z.string(),
  phoneNumberId: z.string(),
  template: z.any().openapi({ description: "{name, id, language, category, components}" }),
  startTime: z.number().int(),
  mostRecentStartTime: z.number().int(),
  scheduleTime: z.string(),
  tagSearchCriteria: z.string(),
  retryPromotion: z.boolean(),
  maxRetries: z.number().int(),
  retriesLeft: z.number().int(),
  batchSize: z.number().int(),
  batchTimer: z.number().int(),
  staggered: z.boolean(),
  subscriberLimitPerGroup: z.number().int(),
  callCampaign: z.boolean(),
  utilityTemplateIndex: z.number().int(),
  stopOnCategoryUpdate: z.boolean(),
  statusReason: z.string().nullable(),
  trackClicks: z
    .boolean()
    .openapi({ description: "Not in the spec: links become tracked short links (docs/economics.md)" }),
  accepted: z.number().int().openapi({ description: "Recipients created (opted-out ones included)" }),
  rejected: z
    .number()
    .int()
    .openapi({ description: "Rows refused: list rejects and missing variable values" }),
  optout: z.number().int().openapi({ description: "Recipients on the opt-out list (never sent)" }),
  holdout: z.number().int().optional().openapi({
    description: "Not in the spec, with `abTest` only: recipients drawn into the holdout (never sent)",
  }),
  rejectedRows: z.array(RejectedRowDoc).openapi({ description: "The first 100 refused rows" }),
}).openapi("PromotionLaunchResult");

export const ListUploadDoc = z
  .object({
    id: z.string(),
    name: z.string(),
    columns: z.array(z.string()),
    phoneColumn: z.string(),
    rowCount: z.number().int(),
    rejectedCount: z.number().int(),
    rejectedRows: z.array(RejectedRowDoc),
  })
  .openapi("TargetListUpload");

export const launchExample = {
  name: "Diwali offer",
  promotionType: "IMMEDIATE",
  promotionBase: "TEMPLATE",
  promotionTemplateType: "TEMPLATE",
  phoneNumberId: "sim0193b6f28c1a",
  channelType: "chatapp",
  template: {
    name: "diwali_offer",
    language: "en_US",
    components: [{ type: "BODY", variables: [{ type: "text", value: "${name}" }] }],
  },
};

/** The target list a CSV upload is stored as (E1 form (a), the list upload) or E1 form (b) launches on. */
export const listNameQuery = z.object({
  name: z.string().optional().openapi({ description: "Name of the target list", example: "diwali_2026" }),
});

export const MULTIPART = /^multipart\/form-data\b/i;
