export const errorStatus = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
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

/** Postgres unique violation -> 409, in one place. */
export function fromDatabaseError(err: unknown): AppError | undefined {
  // drizzle wraps the driver's error: look at the cause too.
  const outer = err as { code?: string; cause?: unknown } | undefined;
  const e = (outer?.code ? outer : (outer?.cause ?? outer)) as
    { code?: string; constraint?: string; detail?: string } | undefined;
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
