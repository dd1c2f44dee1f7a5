import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { calls, users } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { getDefaultCountry } from "../businesses/get-default-country";
import { simulatorCallDelays } from "../channels/simulator/calls";
import { inTransaction, type Ctx } from "../context";
import { AppError, conflict, forbidden, invalid } from "../errors";
import { uuidv7 } from "../ids";
import { log } from "../log";
import { readPhoneForRegion } from "../phone/read-phone";
import { readTypedPhone } from "../phone/typed-reading";
import { loadActingUser } from "../users/user-permissions";
import { findBusinessUser } from "../users/user-details";
import { callProvider, getCallingConfig } from "./calling-config";
import { callView, type CallRow } from "./call-view";
import { publicBaseUrl } from "../http/public-base-url";
import { finishCall } from "./finish-call";
import { startCallInput, type CallView, type StartCallInput } from "./schemas";
import { enqueueSimulatedStep } from "./simulate-call-job";

/**
 * G9: the acting user calls `callTo` from the business's registered number. The user must have
 * calling enabled and a phone number (its leg is dialled first) and not be in a call already.
 * The call row, the user's `InCall` status and (simulator) the first progress job commit
 * together; a real provider is asked after the commit, and its refusal ends the call as failed.
 */
export async function startCall(ctx: Ctx, businessId: string, raw: StartCallInput): Promise<CallView> {
  const input = startCallInput.parse(raw);
  const cfg = await getCallingConfig(ctx, businessId);
  if (!cfg.enabled) throw forbidden("Calling is not enabled for this business");
  // National numbers take the business's default country; a business without one keeps the
  // older rule: the country of its registered number.
  const caller = readPhoneForRegion(cfg.callerId);
  const region = (await getDefaultCountry(ctx, businessId)) ?? (caller.ok ? caller.country : undefined);
  const to = readTypedPhone(input.callTo, region ?? null);
  if (!to.ok) throw invalid(`call_to: ${to.reason}`, [{ path: "call_to", message: to.reason }]);

  const call = await inTransaction(ctx, async (tx) => {
    const acting = await loadActingUser(tx, businessId);
    const user = await findBusinessUser(tx, businessId, acting.id, { forUpdate: true });
    if (!user.callingEnabled)
      throw forbidden("Calling is not enabled for this user (G2 type=callingEnabled)");
    if (!user.phoneNumber) {
      throw invalid("The user has no phone number to be reached on", [
        { path: "phoneNumber", message: "Required" },
      ]);
    }
    if (user.status === "InCall") throw conflict("The user is already in a call");
    const id = uuidv7();
    const [row] = await tx.db
      .insert(calls)
      .values({
        id,
        businessId,
        userId: user.id,
        provider: cfg.provider,
        providerCallSid: cfg.provider === "simulator" ? `SIM${id.replace(/-/g, "")}` : null,
        fromNumber: user.phoneNumber,
        toNumber: to.e164,
        callerId: cfg.callerId,
        token: randomBytes(18).toString("base64url"),
      })
      .returning();
    await tx.db
      .update(users)
      .set({ status: "InCall", statusBeforeCall: user.status, updatedAt: sql`now()` })
      .where(and(eq(users.id, user.id), eq(users.businessId, businessId)));
    await recordAudit(tx, {
      businessId,
      action: "call.start",
      targetType: "call",
      targetId: id,
      data: { to: to.e164 },
    });
    if (cfg.provider === "simulator") {
      await enqueueSimulatedStep(
        tx.db,
        { businessId, callId: id, step: "ring" },
        simulatorCallDelays().stepMs,
      );
    }
    return row!;
  });

  if (cfg.provider === "simulator") return callView(call);
  return askProvider(ctx, call, cfg);
}

async function askProvider(ctx: Ctx, call: CallRow, cfg: Awaited<ReturnType<typeof getCallingConfig>>) {
  try {
    const { providerCallSid } = await callProvider(cfg.provider).startCall({
      callId: call.id,
      agentNumber: call.fromNumber,
      customerNumber: call.toNumber,
      callerId: cfg.callerId,
      statusCallbackUrl: `${publicBaseUrl()}/api/webhooks/exotel/calls/${call.id}?token=${call.token}`,
      config: cfg.config,
    });
    const [row] = await ctx.db
      .update(calls)
      .set({ providerCallSid, status: "ringing", updatedAt: sql`now()` })
      .where(and(eq(calls.id, call.id), eq(calls.businessId, call.businessId), eq(calls.status, "queued")))
      .returning();
    return callView(row ?? call);
  } catch (err) {
    log.warn({ err, callId: call.id, provider: cfg.provider }, "provider refused the call");
    const now = new Date();
    await finishCall(
      ctx,
      { businessId: call.businessId, callId: call.id },
      {
        status: "failed",
        conversationDuration: 0,
        legs: [],
        recordingUrl: null,
        startedAt: now,
        endedAt: now,
      },
    );
    throw new AppError(
      "unavailable",
      `The calling provider did not start the call: ${(err as Error).message}`,
    );
  }
}
