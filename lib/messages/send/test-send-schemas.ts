import { z } from "zod";

/** The dashboard's test send form (virtual phone "Send" box); values in the order of testSendSlots. */
export const testSendInput = z.object({
  templateId: z.uuid("Choose a template"),
  to: z.string().trim().min(1, "Enter a number"),
  values: z.array(z.string().trim().min(1, "Fill this value").max(1024, "At most 1,024 characters")).max(100),
});
export type TestSendInput = z.input<typeof testSendInput>;
