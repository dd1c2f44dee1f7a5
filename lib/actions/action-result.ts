import { unstable_rethrow } from "next/navigation";
import { ZodError } from "zod";
import { AppError, fromDatabaseError, zodDetails, type ErrorDetail } from "../errors";
import { log } from "../log";
import { findUnstorableText, unstorableTextError } from "../validation/find-unstorable-text";

/**
 * What a dashboard server action returns. Actions return errors instead of throwing them,
 * because Next.js hides thrown errors' messages in production; forms show `message` and map
 * `fieldErrors` onto their inputs (see applyActionErrors in components/ui/form-field.tsx).
 */
export type ActionResult<T = undefined> =
  { ok: true; data: T } | { ok: false; message: string; fieldErrors: ErrorDetail[] };

export const ok = <T>(data: T): ActionResult<T> => ({ ok: true, data });

export const fail = (message: string, fieldErrors: ErrorDetail[] = []): ActionResult<never> => ({
  ok: false,
  message,
  fieldErrors,
});

/** Maps a thrown error to a result; unknown errors get a generic message and go to the log. */
export function toActionError(err: unknown): ActionResult<never> {
  if (err instanceof ZodError) {
    return fail("Some fields need attention", zodDetails(err));
  }
  const app = err instanceof AppError ? err : fromDatabaseError(err);
  if (app) return fail(app.message, app.details);
  log.error({ err }, "dashboard action failed");
  return fail("Something went wrong. Try again, or contact your operator if it keeps happening.");
}

/**
 * Runs `fn` and turns what it throws into an ActionResult. Redirects still propagate.
 * `input` is every argument the client sent: text PostgreSQL cannot store (U+0000, unpaired
 * surrogates) is refused field by field before `fn` runs, the same check as the API's.
 */
export async function runAction<T>(
  fn: () => Promise<T>,
  ...input: [unknown, ...unknown[]]
): Promise<ActionResult<T>> {
  const refused = input.flatMap((v) => findUnstorableText(v));
  if (refused.length > 0) return toActionError(unstorableTextError(refused));
  try {
    return ok(await fn());
  } catch (err) {
    // redirect() and notFound() work by throwing; they must reach Next.js untouched.
    unstable_rethrow(err);
    return toActionError(err);
  }
}
