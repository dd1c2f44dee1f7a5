"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { listTestNumbers } from "@/lib/businesses/test-numbers";
import { invalid } from "@/lib/errors";
import { requireRecipient } from "@/lib/phone/international";
import { simulateCustomerReply } from "@/lib/inbound/simulate-customer-reply";
import { deleteFlow } from "@/lib/flows/delete-flow";
import { duplicateFlow } from "@/lib/flows/duplicate-flow";
import { exportFlow, type FlowExport } from "@/lib/flows/export-flow";
import { createFlow, publishFlow, updateFlow } from "@/lib/flows/flow-store";
import { getRunPath, type RunPathStep } from "@/lib/flows/get-run-path";
import { importFlow } from "@/lib/flows/import-flow";
import type { FlowRunRow } from "@/lib/flows/list-flow-runs";
import { setFlowEnabled } from "@/lib/flows/set-flow-enabled";
import { startTestRun } from "@/lib/flows/start-test-run";
import { startFlowRun } from "@/lib/flows/start-flow-run";
import { starterDefinition } from "@/lib/flows/builder/starter";

const id = (v: unknown) => String(v);
const NameInput = z.object({
  name: z.string().trim().min(1, "Name the flow").max(120, "At most 120 characters"),
});

export async function createFlowAction(raw: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const user = await requireAction("createFlowAction");
    const { name } = NameInput.parse(raw);
    const flow = await createFlow(userCtx(user), user.businessId, { name, definition: starterDefinition() });
    revalidatePath("/flows");
    return { id: flow.id };
  }, raw);
}

export async function renameFlowAction(flowId: string, raw: unknown): Promise<ActionResult<null>> {
  return runAction(
    async () => {
      const user = await requireAction("renameFlowAction");
      await updateFlow(userCtx(user), user.businessId, id(flowId), NameInput.parse(raw));
      revalidatePath("/flows");
      return null;
    },
    flowId,
    raw,
  );
}

export async function setFlowEnabledAction(flowId: string, enabled: boolean): Promise<ActionResult<null>> {
  return runAction(
    async () => {
      const user = await requireAction("setFlowEnabledAction");
      await setFlowEnabled(userCtx(user), user.businessId, id(flowId), enabled === true);
      revalidatePath("/flows");
      return null;
    },
    flowId,
    enabled,
  );
}

export async function duplicateFlowAction(
  flowId: string,
): Promise<ActionResult<{ id: string; name: string }>> {
  return runAction(async () => {
    const user = await requireAction("duplicateFlowAction");
    const flow = await duplicateFlow(userCtx(user), user.businessId, id(flowId));
    revalidatePath("/flows");
    return { id: flow.id, name: flow.name };
  }, flowId);
}

export async function deleteFlowAction(flowId: string): Promise<ActionResult<null>> {
  return runAction(async () => {
    const user = await requireAction("deleteFlowAction");
    await deleteFlow(userCtx(user), user.businessId, id(flowId));
    revalidatePath("/flows");
    return null;
  }, flowId);
}

export async function exportFlowAction(flowId: string): Promise<ActionResult<FlowExport>> {
  return runAction(async () => {
    const user = await requireAction("exportFlowAction");
    return exportFlow(userCtx(user), user.businessId, id(flowId));
  }, flowId);
}

export async function importFlowAction(json: string, name: string): Promise<ActionResult<{ id: string }>> {
  return runAction(
    async () => {
      const user = await requireAction("importFlowAction");
      const flow = await importFlow(userCtx(user), user.businessId, {
        json: String(json),
        ...(name && String(name).trim() ? { name: String(name) } : {}),
      });
      revalidatePath("/flows");
      return { id: flow.id };
    },
    json,
    name,
  );
}

export async function saveFlowDraftAction(flowId: string, definition: unknown): Promise<ActionResult<null>> {
  return runAction(
    async () => {
      const user = await requireAction("saveFlowDraftAction");
      await updateFlow(userCtx(user), user.businessId, id(flowId), { definition });
      revalidatePath(`/flows/${flowId}`);
      return null;
    },
    flowId,
    definition,
  );
}

export async function publishFlowAction(flowId: string): Promise<ActionResult<{ version: number }>> {
  return runAction(async () => {
    const user = await requireAction("publishFlowAction");
    const flow = await publishFlow(userCtx(user), user.businessId, id(flowId));
    revalidatePath("/flows");
    return { version: flow.publishedVersion ?? 0 };
  }, flowId);
}

export async function startTestRunAction(
  flowId: string,
  raw: unknown,
): Promise<ActionResult<{ runId: string }>> {
  return runAction(
    async () => {
      const user = await requireAction("startTestRunAction");
      const { runId } = await startTestRun(userCtx(user), user.businessId, id(flowId), raw);
      return { runId };
    },
    flowId,
    raw,
  );
}

/** "Start for a number": the published flow for a real customer, as POST .../runs does. */
export async function startFlowRunAction(
  flowId: string,
  raw: unknown,
): Promise<ActionResult<{ runId: string; state: string; stepId: string | null; endReason: string | null }>> {
  return runAction(
    async () => {
      const user = await requireAction("startFlowRunAction");
      const run = await startFlowRun(userCtx(user), user.businessId, id(flowId), raw);
      revalidatePath("/flows/runs");
      return { runId: run.id, state: run.state, stepId: run.stepId, endReason: run.endReason };
    },
    flowId,
    raw,
  );
}

export async function testRunAction(
  runId: string,
): Promise<ActionResult<{ run: FlowRunRow; steps: RunPathStep[] }>> {
  return runAction(async () => {
    const user = await requireAction("testRunAction");
    return getRunPath(userCtx(user), user.businessId, id(runId));
  }, runId);
}

const TestReply = z.object({
  phone: z.string().trim().min(1).max(32),
  text: z.string().trim().min(1, "Type a reply").max(1024, "At most 1,024 characters"),
});

/** The test number answers the test run (the virtual phone's reply). */
export async function testReplyAction(raw: unknown): Promise<ActionResult<null>> {
  return runAction(async () => {
    const user = await requireAction("testReplyAction");
    const input = TestReply.parse(raw);
    const ctx = userCtx(user);
    if (!(await listTestNumbers(ctx, user.businessId)).includes(requireRecipient(input.phone, "phone")))
      throw invalid("Only the business's test numbers try a draft", [
        { path: "phone", message: "Not a test number" },
      ]);
    await simulateCustomerReply(ctx, { businessId: user.businessId, channel: "chatapp", ...input });
    return null;
  }, raw);
}

export async function flowRunPathAction(
  runId: string,
): Promise<ActionResult<{ run: FlowRunRow; steps: RunPathStep[] }>> {
  return runAction(async () => {
    const user = await requireAction("flowRunPathAction");
    return getRunPath(userCtx(user), user.businessId, id(runId));
  }, runId);
}
