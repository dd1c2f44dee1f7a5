import { z } from "zod";
import { email } from "./schemas";

/** The console's "first admin" form: who will run the business, and a name for its first key. */
export const firstAdminInput = z.object({
  businessId: z.uuid(),
  email,
  firstName: z.string().trim().min(1, "Enter a first name").max(80, "At most 80 characters"),
  lastName: z.string().trim().max(80, "At most 80 characters").optional(),
  keyName: z.string().trim().min(1, "Name the key").max(80, "At most 80 characters").default("First key"),
});
export type FirstAdminForm = z.input<typeof firstAdminInput>;

/** Shown once: the temporary password and the plain API key are stored only as hashes. */
export type FirstAdminCreated = {
  userId: string;
  email: string;
  temporaryPassword: string;
  apiKey: { id: string; name: string; key: string };
};
