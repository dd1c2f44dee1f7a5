import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { AppError, fromDatabaseError, type ErrorCode, type ErrorDetail } from "@/lib/errors";

export type ErrorBody = {
  error: { code: ErrorCode; message: string; details: ErrorDetail[]; requestId: string };
};

export function requestIdOf(c: Context): string {
  return (c.get("requestId" as never) as string | undefined) ?? "";
}

export function errorResponse(c: Context, err: AppError): Response {
  const body: ErrorBody = {
    error: { code: err.code, message: err.message, details: err.details, requestId: requestIdOf(c) },
  };
  const headers: Record<string, string> = {};
  if (err.retryAfter !== undefined) headers["Retry-After"] = String(err.retryAfter);
  return c.json(body, err.status as 400, headers);
}

export function zodDetails(error: ZodError): ErrorDetail[] {
  return error.issues.map((i) => ({
    path: i.path.map(String).join("."),
    message: i.message,
  }));
}

/**
 * Maps anything thrown by a handler to the error body; internals never reach the client.
 * It does not log: app.onError logs each 5xx once.
 */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  // A domain function that parses its input with zod reports bad input, not a server fault.
  if (err instanceof ZodError) {
    const details = zodDetails(err);
    return new AppError(
      "invalid_request",
      `Invalid request: ${details[0]?.path || "body"}: ${details[0]?.message ?? ""}`,
      details,
    );
  }
  const db = fromDatabaseError(err);
  if (db) return db;
  if (err instanceof HTTPException) {
    if (err.status === 413) return new AppError("payload_too_large", "Request body is too large");
    if (err.status === 400) return new AppError("invalid_request", err.message || "Bad request");
    if (err.status === 401) return new AppError("unauthorized", err.message || "Unauthorized");
    if (err.status === 415) {
      return new AppError(
        "unsupported_media_type",
        "Unsupported Content-Type: send the body as application/json",
      );
    }
  }
  return new AppError("internal", "Internal server error; quote the requestId when reporting it");
}
