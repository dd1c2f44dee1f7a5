import { z } from "zod";
import { password } from "./schemas";

/** Shared by the form (client) and changePassword (server). */
export const changePasswordInput = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password").max(200),
    newPassword: password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ["newPassword"],
    message: "Choose a password different from the current one",
  });
export type ChangePasswordInput = z.input<typeof changePasswordInput>;
