import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { calls } from "@/db/schema";
import { exotelConfig } from "../channels/exotel/config";
import { exotelStatusCallback, foldFormLegs, outcomeFromExotel } from "../channels/exotel/status-callback";
import type { Ctx } from "../context";
import { invalid, notFound, unauthorized } from "../errors";
import { isUuid } from "../ids";
import { getCallingConfig } from "./calling-config";
import { finishCall } from "./finish-call";
import { parseInput } from "../callbacks/parse-input";

/**
 * Exotel's StatusCallback for one of our calls. Exotel does not sign callbacks, so the URL we
 * gave it carries the call's secret token. Answers whether the call was ended by this report
 * (false for non-terminal events and repeats).
 */
export async function handleExotelCallback(
  ctx: Ctx,
  input: { callId: string; token: string; body: Record<string, unknown> },
): Promise<{ ended: boolean }> {
  if (!isUuid(input.callId)) throw notFound("Call");
  const [call] = await ctx.db.select().from(calls).where(eq(calls.id, input.callId));
  if (!call || call.provider !== "exotel") throw notFound("Call");
  const a = Buffer.from(call.token);
  const b = Buffer.from(input.token);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw unauthorized("Invalid callback token");
  const body = parseInput(exotelStatusCallback, foldFormLegs(input.body));
  if (call.providerCallSid && body.CallSid !== call.providerCallSid) {
    throw invalid("CallSid does not match this call", [{ path: "CallSid", message: "Unknown call" }]);
  }
  const cfg = await getCallingConfig(ctx, call.businessId);
  let offset = "+05:30";
  try {
    offset = exotelConfig(cfg.config).timeOffset;
  } catch {
    // Credentials removed since the call started: the times still parse with the default zone.
  }
  const outcome = outcomeFromExotel(body, offset);
  if (!outcome) return { ended: false };
  const ended = await finishCall(ctx, { businessId: call.businessId, callId: call.id }, outcome);
  return { ended: ended !== null };
}
