import { z } from "zod";

/** A C2 batch's capability check: the job capabilityQueue carries. */
export const CapabilityJob = z.object({ businessId: z.uuid(), promotionId: z.uuid(), batchId: z.uuid() });
export type CapabilityJob = z.infer<typeof CapabilityJob>;
