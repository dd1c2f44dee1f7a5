import { z } from "@hono/zod-openapi";

/** The RCS template shapes D5 ... D7 share. */
export const status = z.enum(["PENDING", "APPROVED", "REJECTED"]);

export const RcsRecordDoc = z
  .object({
    agentId: z.string().openapi({ example: "RCSTemplate:sim_agent_1234567890ab" }),
    rcsTemplateId: z.string(),
    messageTemplate: z.object({
      name: z.string(),
      language: z.string().openapi({ example: "en" }),
      components: z.array(z.unknown()),
      id: z.string(),
    }),
    rcsSpecificFields: z.object({ title: z.array(z.string()) }),
    rcsOutgoingMessage: z.null(),
    status,
    rejectionReason: z.string().nullable(),
    createdAt: z.string().openapi({ example: "2025-01-31T10:15:30.123Z" }),
    ttl: z.number().int().openapi({ example: 0 }),
  })
  .openapi("RcsTemplate");

export { jsonResponse as json } from "../schemas";
