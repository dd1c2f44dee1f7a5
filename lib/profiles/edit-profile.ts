import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { profiles } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";
import { parseDob } from "./schemas";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => v || null);

/** The profile form: every field but the phone (a profile is its number; a new number is a new profile). */
export const editProfileInput = z.object({
  id: z.uuid(),
  name: optionalText(200),
  gender: optionalText(32),
  city: optionalText(120),
  businessSubscriberId: optionalText(128),
  age: z
    .string()
    .trim()
    .regex(/^(\d{1,3})?$/, "A whole number")
    .transform((v) => (v === "" ? null : Number(v)))
    .refine((v) => v === null || v <= 150, "At most 150"),
  dob: z
    .string()
    .trim()
    .refine((v) => v === "" || parseDob(v) !== null, "A past date written day/month/year")
    .transform((v) => (v === "" ? null : parseDob(v))),
});
export type EditProfileForm = z.input<typeof editProfileInput>;

/** Saves a profile's fields, in the business only, with its audit row. */
export async function editProfile(ctx: Ctx, businessId: string, raw: EditProfileForm): Promise<void> {
  const { id, ...fields } = editProfileInput.parse(raw);
  await inTransaction(ctx, async (tx) => {
    const done = await tx.db
      .update(profiles)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(profiles.businessId, businessId), eq(profiles.id, id)))
      .returning({ id: profiles.id });
    if (done.length === 0) throw notFound("Profile");
    await recordAudit(tx, { businessId, action: "profile.update", targetType: "profile", targetId: id });
  });
}

/** Deletes a profile of the business (its messages stay: they are the business's records). */
export async function deleteProfile(ctx: Ctx, businessId: string, id: string): Promise<void> {
  const profileId = z.uuid().parse(id);
  await inTransaction(ctx, async (tx) => {
    const done = await tx.db
      .delete(profiles)
      .where(and(eq(profiles.businessId, businessId), eq(profiles.id, profileId)))
      .returning({ phone: profiles.phone });
    if (done.length === 0) throw notFound("Profile");
    await recordAudit(tx, {
      businessId,
      action: "profile.delete",
      targetType: "profile",
      targetId: profileId,
    });
  });
}
