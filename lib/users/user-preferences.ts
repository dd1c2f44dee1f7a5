import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { users } from "@/db/schema";
import type { Ctx } from "../context";
import { forbidden, notFound } from "../errors";

/**
 * A user's own settings, kept on the server (users.preferences) so they follow the user to
 * another browser. Unknown or missing keys read as the defaults: nothing is on until chosen.
 */
export const UserPreferences = z.object({
  /** A short tone when a new chat reaches the user's inbox. */
  newChatSound: z.boolean().default(false),
  /** A desktop notification (the browser's permission, asked only when this is switched on). */
  newChatDesktop: z.boolean().default(false),
});
export type UserPreferences = z.infer<typeof UserPreferences>;
/**
 * A change: only the keys given. Written out rather than `UserPreferences.partial()`: zod 4
 * fills a defaulted key left out of a partial object, so saving one switch would turn the
 * other off.
 */
export const UserPreferencesInput = z
  .object({ newChatSound: z.boolean().optional(), newChatDesktop: z.boolean().optional() })
  .strict();

const parse = (v: unknown): UserPreferences => {
  const r = UserPreferences.safeParse(v ?? {});
  return r.success ? r.data : UserPreferences.parse({});
};

function signedInUser(ctx: Ctx): string {
  if (ctx.actor.type !== "user") throw forbidden("Only a signed-in user has preferences");
  return ctx.actor.id;
}

export async function getUserPreferences(ctx: Ctx, businessId: string): Promise<UserPreferences> {
  const [row] = await ctx.db
    .select({ preferences: users.preferences })
    .from(users)
    .where(and(eq(users.id, signedInUser(ctx)), eq(users.businessId, businessId)));
  if (!row) throw notFound("User");
  return parse(row.preferences);
}

/** Changes the signed-in user's own preferences (only the keys given); answers all of them. */
export async function setUserPreferences(
  ctx: Ctx,
  businessId: string,
  raw: unknown,
): Promise<UserPreferences> {
  const change = UserPreferencesInput.parse(raw);
  const [row] = await ctx.db
    .update(users)
    .set({
      preferences: sql`${users.preferences} || ${JSON.stringify(change)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, signedInUser(ctx)), eq(users.businessId, businessId)))
    .returning({ preferences: users.preferences });
  if (!row) throw notFound("User");
  return parse(row.preferences);
}
