import { asc, eq } from "drizzle-orm";
import { callbackEndpoints } from "@/db/schema";
import type { Ctx } from "../context";
import { loadEndpoint, toEndpointView } from "./endpoint-view";
import type { EndpointView } from "./schemas";

export async function listEndpoints(ctx: Ctx, businessId: string): Promise<EndpointView[]> {
  const rows = await ctx.db
    .select()
    .from(callbackEndpoints)
    .where(eq(callbackEndpoints.businessId, businessId))
    .orderBy(asc(callbackEndpoints.createdAt), asc(callbackEndpoints.id));
  return rows.map(toEndpointView);
}

export async function getEndpoint(ctx: Ctx, businessId: string, id: string): Promise<EndpointView> {
  return toEndpointView(await loadEndpoint(ctx, businessId, id));
}
