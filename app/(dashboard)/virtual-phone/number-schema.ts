import { z } from "zod";

/** The virtual phone's number field; the server normalises it with libphonenumber. */
export const phoneNumberForm = z.object({
  number: z
    .string()
    .trim()
    .regex(/^\+?\d{6,15}$/, "Enter the number with its country code, digits only (e.g. 919812345678)"),
});
export type PhoneNumberForm = z.input<typeof phoneNumberForm>;
