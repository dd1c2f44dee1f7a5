import { AppError } from "../errors";
import { uuidv7 } from "../ids";

/**
 * The dashboard route handlers' error reply: the same body as the API
 * (`{ error: { code, message, details, requestId } }`). Anything but an AppError is rethrown
 * for Next.js to log and answer 500.
 */
export function routeErrorResponse(err: unknown): Response {
  if (!(err instanceof AppError)) throw err;
  const requestId = uuidv7();
  return Response.json(
    { error: { code: err.code, message: err.message, details: err.details, requestId } },
    { status: err.status, headers: { "x-request-id": requestId } },
  );
}
