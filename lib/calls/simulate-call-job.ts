import { z } from "zod";
import { and, eq, sql } from "drizzle-orm";
import { calls } from "@/db/schema";
import { simulatedOutcome, simulatorCallDelays } from "../channels/simulator/calls";
import type { Ctx } from "../context";
import type { Executor } from "../db/pool";
import { transaction } from "../db/sql";
import { declareQueue } from "../jobs/declare-queue";
import { finishCall } from "./finish-call";
import type { CallRow } from "./call-view";
import { publicBaseUrl } from "../http/public-base-url";

export const SimulateCallJob = z.object({
  businessId: z.uuid(),
  callId: z.uuid(),
  step: z.enum(["ring", "answer", "end"]),
});
export type SimulateCallJob = z.infer<typeof SimulateCallJob>;

/**
 * Drives a simulated call: queued -> ringing -> (answered: in-progress -> completed) or
 * no-answer/busy, one job per step, CALL_SIMULATOR_STEP_MS apart (talk: CALL_SIMULATOR_TALK_MS).
 * Each step acts only on the state it expects, so a repeated job changes nothing. Its handler,
 * runSimulatedCallStep, enqueues on it: lib/wiring.ts registers it.
 */
export const simulateCallQueue = declareQueue({
  name: "calls.simulate",
  payload: SimulateCallJob,
  version: 1,
  batchSize: 50,
  // Several calls ring at once; each step touches only its own call's row.
  concurrency: 4,
  retryLimit: 5,
  retryDelay: 5,
});

const seconds = (ms: number) => Math.ceil(ms / 1000);

export async function enqueueSimulatedStep(
  executor: Executor,
  job: SimulateCallJob,
  delayMs: number,
): Promise<void> {
  await simulateCallQueue.send(executor, job, { startAfterSeconds: seconds(delayMs) });
}

export function simulatorRecordingUrl(call: Pick<CallRow, "id" | "token">): string {
  return `${publicBaseUrl()}/api/v2/calling/recordings/${call.id}.wav?token=${call.token}`;
}

export async function runSimulatedCallStep(ctx: Ctx, job: SimulateCallJob): Promise<void> {
  const { stepMs, talkMs } = simulatorCallDelays();
  const [call] = await ctx.db
    .select()
    .from(calls)
    .where(and(eq(calls.id, job.callId), eq(calls.businessId, job.businessId)));
  if (!call || call.provider !== "simulator") return;
  const ref = { businessId: call.businessId, callId: call.id };
  const outcome = simulatedOutcome(call.toNumber, call.createdAt, simulatorRecordingUrl(call));

  if (job.step === "ring" && call.status === "queued") {
    await transaction(ctx.db, async (tx) => {
      await tx
        .update(calls)
        .set({ status: "ringing", updatedAt: sql`now()` })
        .where(eq(calls.id, call.id));
      await enqueueSimulatedStep(tx, { ...job, step: "answer" }, stepMs);
    });
  } else if (job.step === "answer" && call.status === "ringing") {
    if (outcome.status !== "completed") {
      await finishCall(ctx, ref, outcome);
      return;
    }
    await transaction(ctx.db, async (tx) => {
      await tx
        .update(calls)
        .set({ status: "in-progress", startedAt: outcome.startedAt, updatedAt: sql`now()` })
        .where(eq(calls.id, call.id));
      await enqueueSimulatedStep(tx, { ...job, step: "end" }, talkMs);
    });
  } else if (job.step === "end" && call.status === "in-progress") {
    await finishCall(ctx, ref, outcome);
  }
}
