import { and, eq } from "drizzle-orm";
import { callbackEndpoints } from "@/db/schema";
import type { Ctx } from "../context";
import { invalid, notFound } from "../errors";
import { authView } from "./endpoint-auth";
import type { CallbackEventType, EndpointView } from "./schemas";
import { BlockedUrlError, resolveCallbackTarget } from "./ssrf-guard";

export type EndpointRow = typeof callbackEndpoints.$inferSelect;

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

export function toEndpointView(row: EndpointRow): EndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as CallbackEventType[],
    enabled: row.enabled,
    auth: authView(row),
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > Date.now()
        ? epoch(row.previousSecretExpiresAt)
        : null,
    createdAt: epoch(row.createdAt),
    updatedAt: epoch(row.updatedAt),
  };
}

/** The endpoint of this business, or 404 (another business's endpoint is not found either). */
export async function loadEndpoint(ctx: Ctx, businessId: string, id: string): Promise<EndpointRow> {
  const [row] = await ctx.db
    .select()
    .from(callbackEndpoints)
    .where(and(eq(callbackEndpoints.businessId, businessId), eq(callbackEndpoints.id, id)));
  if (!row) throw notFound("Callback endpoint");
  return row;
}

/** Refuses, as a 400 on `url`, an address the delivery worker would refuse (SSRF guard). */
export async function assertDeliverableUrl(url: string): Promise<void> {
  try {
    await resolveCallbackTarget(url);
  } catch (err) {
    if (err instanceof BlockedUrlError)
      throw invalid(`Invalid request: url: ${err.message}`, [{ path: "url", message: err.message }]);
    throw err;
  }
}
