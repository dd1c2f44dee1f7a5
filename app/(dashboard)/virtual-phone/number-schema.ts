import { z } from "zod";
import { typedPhone } from "@/lib/phone/typed-phone";

/** The virtual phone's number field, as a person types it; the server checks it with libphonenumber. */
export const phoneNumberForm = z.object({
  number: typedPhone("Enter the number with its country code (e.g. +91 98123 45678)"),
});
export type PhoneNumberForm = z.input<typeof phoneNumberForm>;
