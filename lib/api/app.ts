import { OpenAPIHono } from "@hono/zod-openapi";
import { AppError, invalidInput } from "@/lib/errors";
import { isUuid, uuidv7 } from "@/lib/ids";
import { log } from "@/lib/log";
import { limitBody } from "./body-limit";
import { errorResponse, toAppError } from "./errors";
import { acceptsBodyType, bodyLimitOf, streamsListUpload } from "./body-policy";
import { hasBody, rejectUnstorableText } from "./reject-unstorable-text";
import { registerOpenApi } from "./openapi";
import { allowedMethods } from "./route-table";
import { registerHealth } from "./health";
import { operations } from "./operations";
import { httpMetrics } from "@/lib/metrics/http-metrics";
import type { ApiApp, ApiEnv } from "./types";

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Builds the public API. One instance serves every request of the process. */
export function createApiApp(): ApiApp {
  const app = new OpenAPIHono<ApiEnv>({
    // Request validation failures from any route contract become the documented 400.
    defaultHook: (result, c) => {
      if (!result.success) {
        const target = (result as { target?: string }).target;
        const prefix = target === "json" || target === "form" ? "" : target ? `${target}.` : "";
        return errorResponse(c, invalidInput(result.error, "Invalid request", prefix));
      }
    },
  });

  app.use("*", httpMetrics());
  app.use("*", async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const id = incoming && (isUuid(incoming) || /^[\w.-]{8,64}$/.test(incoming)) ? incoming : uuidv7();
    c.set("requestId", id);
    c.header("x-request-id", id);
    await next();
  });

  // Content type first: a body the route does not read is refused before its size matters.
  app.use("*", async (c, next) => {
    if (BODY_METHODS.has(c.req.method) && hasBody(c.req.raw.headers)) {
      const type = c.req.header("content-type") ?? "";
      if (!acceptsBodyType(c.req.path, type)) {
        throw new AppError(
          "unsupported_media_type",
          `Unsupported Content-Type '${type.split(";")[0] || "(none)"}' for this route: send the body as application/json`,
        );
      }
    }
    await next();
  });

  app.use("*", limitBody(bodyLimitOf, streamsListUpload));
  app.use("*", rejectUnstorableText);

  registerHealth(app);
  for (const op of operations) op.register(app);
  registerOpenApi(app);

  app.notFound((c) => {
    const methods = allowedMethods(app.routes, c.req.path);
    if (methods.length > 0) {
      c.header("Allow", methods.join(", "));
      return errorResponse(
        c,
        new AppError("method_not_allowed", `${c.req.method} is not allowed here; use ${methods.join(", ")}`),
      );
    }
    return errorResponse(c, new AppError("not_found", `No API route ${c.req.method} ${c.req.path}`));
  });

  app.onError((err, c) => {
    const appErr = toAppError(err);
    // The one log line of a 5xx: no query string, no body (the error serializer drops values).
    if (appErr.status >= 500) {
      log.error(
        { err, requestId: c.get("requestId"), method: c.req.method, path: c.req.path },
        "request failed",
      );
    }
    return errorResponse(c, appErr);
  });

  return app;
}
