import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { AppError, fromDatabaseError, invalidInput, type ErrorCode, type ErrorDetail } from "@/lib/errors";
import type { ApiEnv } from "./types";

export type ErrorBody = {
  error: { code: ErrorCode; message: string; details: ErrorDetail[]; requestId: string };
};

/** The request's id; empty before the request-id middleware ran. */
export function requestIdOf(c: Context<ApiEnv>): string {
  return c.get("requestId") ?? "";
}

/** The body of rule 3 for `err`, tagged with the request's id. */
export function errorBody(c: Context<ApiEnv>, err: AppError): ErrorBody {
  return {
    error: { code: err.code, message: err.message, details: err.details, requestId: requestIdOf(c) },
  };
}

export function errorResponse(c: Context<ApiEnv>, err: AppError): Response {
  const headers: Record<string, string> = {};
  if (err.retryAfter !== undefined) headers["Retry-After"] = String(err.retryAfter);
  return c.json(errorBody(c, err), err.status as ContentfulStatusCode, headers);
}

/**
 * Maps anything thrown by a handler to the error body; internals never reach the client.
 * It does not log: app.onError logs each 5xx once.
 */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  // A domain function that parses its input with zod reports bad input, not a server fault.
  if (err instanceof ZodError) return invalidInput(err);
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
