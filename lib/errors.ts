export const errorStatus = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** A marketing send to a number without a marketing opt-in, when the business requires one. */
  no_marketing_consent: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export type ErrorDetail = { path: string; message: string };

/** The one error type of the domain. HTTP edges map it to a status and the error body. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    /** Seconds, for rate_limited. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const invalid = (message: string, details: ErrorDetail[] = []) =>
  new AppError("invalid_request", message, details);
export const notFound = (what: string) => new AppError("not_found", `${what} not found`);
export const conflict = (message: string) => new AppError("conflict", message);
export const forbidden = (message: string) => new AppError("forbidden", message);
export const unauthorized = (message: string) => new AppError("unauthorized", message);

/** The error codes, for the OpenAPI document's enum. */
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/** What a zod error has that the error body needs (zod's classic and core errors both fit). */
type ZodIssues = { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };

/** A zod error as the error body's details, each path dot-joined behind `prefix`. */
export function zodDetails(error: ZodIssues, prefix = ""): ErrorDetail[] {
  return error.issues.map((i) => ({ path: prefix + i.path.map(String).join("."), message: i.message }));
}

/**
 * A zod error as the documented 400: the message names the first problem so a caller sees what
 * to fix without reading `details` (`label` says what was invalid).
 */
export function invalidInput(error: ZodIssues, label = "Invalid request", prefix = ""): AppError {
  const details = zodDetails(error, prefix);
  const first = details[0];
  return invalid(first ? `${label}: ${first.path || "body"}: ${first.message}` : label, details);
}

/**
 * The PostgreSQL error behind `err`: node-postgres throws it, drizzle wraps it (in `cause`),
 * so the first error on the cause chain with a SQLSTATE code.
 */
function postgresError(err: unknown): { code: string; constraint?: string; detail?: string } | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && typeof e === "object" && i < 4; i++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
      return e as { code: string; constraint?: string; detail?: string };
    }
    e = e.cause as typeof e;
  }
  return undefined;
}

/** True for a PostgreSQL unique violation (SQLSTATE 23505), also when wrapped by drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  return postgresError(err)?.code === "23505";
}

/** True for a PostgreSQL foreign key violation (SQLSTATE 23503), also when wrapped by drizzle. */
export function isForeignKeyViolation(err: unknown): boolean {
  return postgresError(err)?.code === "23503";
}

/** Postgres errors caused by the input (unique violation -> 409, bad values -> 400), in one place. */
export function fromDatabaseError(err: unknown): AppError | undefined {
  const e = postgresError(err);
  if (e?.code === "23505") {
    return new AppError("conflict", "A record with the same unique value already exists", [
      { path: e.constraint ?? "", message: e.detail ?? "duplicate value" },
    ]);
  }
  if (e?.code === "22P02" || e?.code === "22007" || e?.code === "22008") {
    return new AppError("invalid_request", "A value has the wrong format");
  }
  // Text PostgreSQL cannot store (U+0000 in text or jsonb). The API and the dashboard reject it
  // by field before any query (lib/validation/find-unstorable-text.ts); this is the backstop.
  if (e?.code === "22021" || e?.code === "22P05") {
    return new AppError(
      "invalid_request",
      "A text value contains a character that cannot be stored (such as U+0000); remove it",
    );
  }
  return undefined;
}
