import { z } from "zod";
import type { userRoles, userStatuses } from "@/db/schema";
import { businessRole, email, password, userStatus } from "./schemas";

/**
 * A user's calling number as typed: national (read with the business's default country) or
 * with its country code. The domain functions normalise it with that country (requireTypedPhone, lib/phone) and
 * store E.164 digits without "+"; here only its shape is checked, since the country is the
 * business's, which a schema cannot know.
 */
export const phoneNumber = z
  .string({ error: "Required" })
  .trim()
  .min(1, "Required")
  .max(32, "At most 32 characters")
  .regex(/^\+?[\d\s().-]+$/, "Digits only, optionally with a leading + and spaces, dots, dashes or ( )")
  .refine((v) => /^(\D*\d){4,17}\D*$/.test(v), "Between 4 and 17 digits")
  .describe("With country code, or national (the business's default country); stored as E.164 digits");

const optionalText = (max: number) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().trim().max(max).optional());

const uuidRef = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.string().uuid("Must be a user id").optional(),
);

/** JSON sends booleans; form-encoded bodies and the dashboard may send "true"/"false". */
export const booleanish = z.preprocess(
  (v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v),
  z.boolean({ error: "Must be true or false" }),
);

/** G1 body: the spec's required fields are phoneNumber, firstName, role and emailId. */
export const createBusinessUserInput = z.object({
  phoneNumber,
  firstName: z.string({ error: "Required" }).trim().min(1, "Required").max(80),
  lastName: optionalText(80),
  role: businessRole,
  emailId: email,
  temporaryPassword: z.preprocess((v) => (v === "" ? undefined : v), password.optional()),
  supervisorId: uuidRef,
  branchId: optionalText(64),
});

/**
 * What createBusinessUser stores: G1's fields, with the phone optional (the dashboard's
 * chat-only agents have none; G1 itself keeps requiring it, as the spec does) and a first
 * status (Available unless the dashboard picks another).
 */
export const newBusinessUserInput = createBusinessUserInput.extend({
  phoneNumber: z.preprocess((v) => (v === "" || v === null ? undefined : v), phoneNumber.optional()),
  userStatus: z.enum(["Available", "Busy", "Away"]).default("Available"),
});
export type NewBusinessUserInput = z.input<typeof newBusinessUserInput>;

/** The dashboard's create-user form: the above and the team the user joins (optional). */
export const dashboardUserForm = newBusinessUserInput.extend({
  teamId: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string().uuid("Pick a team").optional(),
  ),
});
export type DashboardUserForm = z.input<typeof dashboardUserForm>;

/** G2 body, by `type`. */
export const updateBusinessUserInput = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("userStatus"), userId: z.string().min(1), userStatus }),
    z.object({
      type: z.literal("callingEnabled"),
      userId: z.string().min(1),
      callingEnabled: booleanish,
      phoneNumber,
    }),
  ],
  { error: "type is userStatus (with userStatus) or callingEnabled (with callingEnabled and phoneNumber)" },
);

/** Dashboard edit: profile fields, role and an optional new temporary password. */
export const editBusinessUserInput = z.object({
  userId: z.string().uuid(),
  firstName: z.string().trim().min(1, "Required").max(80),
  lastName: optionalText(80),
  phoneNumber,
  role: businessRole,
  supervisorId: uuidRef,
  branchId: optionalText(64),
  temporaryPassword: z.preprocess((v) => (v === "" ? undefined : v), password.optional()),
});
export type EditBusinessUserInput = z.input<typeof editBusinessUserInput>;

/** What the user endpoints answer: the user's status details (field names of spec G). */
export type UserDetails = {
  userId: string;
  emailId: string;
  firstName: string;
  lastName: string | null;
  phoneNumber: string | null;
  role: (typeof userRoles)[number];
  supervisorId: string | null;
  branchId: string | null;
  userStatus: (typeof userStatuses)[number];
  callingEnabled: boolean;
  enabled: boolean;
  mustChangePassword: boolean;
  canSignIn: boolean;
};
