import { z } from "zod";
import { userRoles, userStatuses } from "@/db/schema";

export const email = z.string().trim().toLowerCase().email("Enter a valid e-mail address").max(254);
export const password = z.string().min(10, "At least 10 characters").max(200, "At most 200 characters");

export const role = z.enum(userRoles);
export const businessRole = z.enum(["BUSINESS_ADMIN", "MANAGER", "AGENT", "BRANCH_ADMIN"]);
export const userStatus = z.enum(userStatuses);

export const createDashboardUserInput = z.object({
  businessId: z.string().uuid().nullable(),
  email,
  password,
  role,
  firstName: z.string().trim().min(1).max(80),
  lastName: z.string().trim().max(80).optional(),
  phoneNumber: z.string().trim().max(32).optional(),
  mustChangePassword: z.boolean().default(false),
});
export type CreateDashboardUserInput = z.input<typeof createDashboardUserInput>;

export const signInInput = z.object({ email, password: z.string().min(1).max(200) });

/** What a dashboard session knows about its user. */
export type SessionUser = {
  id: string;
  email: string;
  role: (typeof userRoles)[number];
  businessId: string | null;
  firstName: string;
  sessionVersion: number;
  mustChangePassword: boolean;
};
