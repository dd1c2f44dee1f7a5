"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { listTestNumbers } from "@/lib/businesses/test-numbers";
import { invalid } from "@/lib/errors";
import { requireRecipient } from "@/lib/phone/international";
import { simulateCustomerReply } from "@/lib/inbound/simulate-customer-reply";
import { deleteFlow } from "@/lib/flows/delete-flow";
import { duplicateFlow } from "@/lib/flows/duplicate-flow";
import { exportFlow } from "@/lib/flows/export-flow";
import { createFlow, publishFlow, updateFlow } from "@/lib/flows/flow-store";
import { getRunPath } from "@/lib/flows/get-run-path";
import { importFlow } from "@/lib/flows/import-flow";
import { setFlowEnabled } from "@/lib/flows/set-flow-enabled";
import { startTestRun } from "@/lib/flows/start-test-run";
import { startFlowRun } from "@/lib/flows/start-flow-run";
import { starterDefinition } from "@/lib/flows/builder/starter";

const PAGE = ["/flows"];
const id = z.string();
const NameInput = z.object({
  name: z.string().trim().min(1, "Name the flow").max(120, "At most 120 characters"),
});

export const createFlowAction = defineAction(
  { action: "createFlowAction", input: NameInput, revalidate: PAGE },
  async ({ name }, { ctx, businessId }) => {
    const flow = await createFlow(ctx, businessId, { name, definition: starterDefinition() });
    return { id: flow.id };
  },
);

export const renameFlowAction = defineAction(
  { action: "renameFlowAction", input: z.tuple([id, NameInput]), revalidate: PAGE },
  async ([flowId, input], { ctx, businessId }) => {
    await updateFlow(ctx, businessId, flowId, input);
    return null;
  },
);

export const setFlowEnabledAction = defineAction(
  { action: "setFlowEnabledAction", input: z.tuple([id, z.boolean()]), revalidate: PAGE },
  async ([flowId, enabled], { ctx, businessId }) => {
    await setFlowEnabled(ctx, businessId, flowId, enabled);
    return null;
  },
);

export const duplicateFlowAction = defineAction(
  { action: "duplicateFlowAction", input: id, revalidate: PAGE },
  async (flowId, { ctx, businessId }) => {
    const flow = await duplicateFlow(ctx, businessId, flowId);
    return { id: flow.id, name: flow.name };
  },
);

export const deleteFlowAction = defineAction(
  { action: "deleteFlowAction", input: id, revalidate: PAGE },
  async (flowId, { ctx, businessId }) => {
    await deleteFlow(ctx, businessId, flowId);
    return null;
  },
);

export const exportFlowAction = defineAction(
  { action: "exportFlowAction", input: id },
  async (flowId, { ctx, businessId }) => exportFlow(ctx, businessId, flowId),
);

/** The exported JSON (checked by importFlow, as the API's import) and an optional new name. */
export const importFlowAction = defineAction(
  { action: "importFlowAction", input: z.tuple([z.string(), z.string().optional()]), revalidate: PAGE },
  async ([json, name], { ctx, businessId }) => {
    const flow = await importFlow(ctx, businessId, { json, ...(name?.trim() ? { name } : {}) });
    return { id: flow.id };
  },
);

/** The builder's draft; its definition is checked by updateFlow (as the API's PUT). */
export const saveFlowDraftAction = defineAction(
  {
    action: "saveFlowDraftAction",
    input: z.tuple([id, z.unknown()]),
    revalidate: ([flowId]) => [`/flows/${flowId}`],
  },
  async ([flowId, definition], { ctx, businessId }) => {
    await updateFlow(ctx, businessId, flowId, { definition });
    return null;
  },
);

export const publishFlowAction = defineAction(
  { action: "publishFlowAction", input: id, revalidate: PAGE },
  async (flowId, { ctx, businessId }) => {
    const flow = await publishFlow(ctx, businessId, flowId);
    return { version: flow.publishedVersion ?? 0 };
  },
);

// The two run starts take the body the API's run routes take; the domain parses it (after
// its own permission check), so both edges answer the same field errors.

export const startTestRunAction = defineAction(
  { action: "startTestRunAction", input: z.tuple([id, z.unknown()]) },
  async ([flowId, body], { ctx, businessId }) => {
    const { runId } = await startTestRun(ctx, businessId, flowId, body);
    return { runId };
  },
);

/** "Start for a number": the published flow for a real customer, as POST .../runs does. */
export const startFlowRunAction = defineAction(
  { action: "startFlowRunAction", input: z.tuple([id, z.unknown()]), revalidate: ["/flows/runs"] },
  async ([flowId, body], { ctx, businessId }) => {
    const run = await startFlowRun(ctx, businessId, flowId, body);
    return { runId: run.id, state: run.state, stepId: run.stepId, endReason: run.endReason };
  },
);

export const testRunAction = defineAction(
  { action: "testRunAction", input: id },
  async (runId, { ctx, businessId }) => getRunPath(ctx, businessId, runId),
);

const TestReply = z.object({
  phone: z.string().trim().min(1).max(32),
  text: z.string().trim().min(1, "Type a reply").max(1024, "At most 1,024 characters"),
});

/** The test number answers the test run (the virtual phone's reply). */
export const testReplyAction = defineAction(
  { action: "testReplyAction", input: TestReply },
  async (input, { ctx, businessId }) => {
    if (!(await listTestNumbers(ctx, businessId)).includes(requireRecipient(input.phone, "phone")))
      throw invalid("Only the business's test numbers try a draft", [
        { path: "phone", message: "Not a test number" },
      ]);
    await simulateCustomerReply(ctx, { businessId, channel: "chatapp", ...input });
    return null;
  },
);

export const flowRunPathAction = defineAction(
  { action: "flowRunPathAction", input: id },
  async (runId, { ctx, businessId }) => getRunPath(ctx, businessId, runId),
);
