import { businesses } from "@/db/schema";
import type { Ctx } from "../context";
import { readBusiness } from "./read-business";

/** The IANA zone the dashboard shows the business's times in (businesses.time_zone, default UTC). */
export async function getTimeZone(ctx: Ctx, businessId: string): Promise<string> {
  return (await readBusiness(ctx, businessId, { timeZone: businesses.timeZone })).timeZone;
}
