/**
 * True for a PostgreSQL unique violation, whether thrown by `pg` itself or wrapped by drizzle
 * (DrizzleQueryError keeps the driver error in `cause`).
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 3; i++) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}
