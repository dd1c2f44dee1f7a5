"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { createEndpoint } from "@/lib/callbacks/create-endpoint";
import { deleteEndpoint } from "@/lib/callbacks/delete-endpoint";
import { getDelivery } from "@/lib/callbacks/list-deliveries";
import { canSeeCallbackSecrets } from "@/lib/callbacks/permissions";
import { replayDelivery } from "@/lib/callbacks/replay-delivery";
import { revealSecret } from "@/lib/callbacks/reveal-secret";
import { rotateSecret } from "@/lib/callbacks/rotate-secret";
import { createEndpointInput, rotateSecretInput, updateEndpointInput } from "@/lib/callbacks/schemas";
import { sendTestEvent } from "@/lib/callbacks/send-test-event";
import { updateEndpoint } from "@/lib/callbacks/update-endpoint";

const PAGE = ["/callbacks"];
const id = z.string();

export const createEndpointAction = defineAction(
  { action: "createEndpointAction", input: createEndpointInput, revalidate: PAGE },
  async (input, { user, ctx, businessId }) => {
    const { endpoint, secret } = await createEndpoint(ctx, businessId, input);
    // Managers create endpoints but do not see secrets; an admin reveals it for them.
    return { id: endpoint.id, secret: canSeeCallbackSecrets(user.role) ? secret : null };
  },
);

export const updateEndpointAction = defineAction(
  { action: "updateEndpointAction", input: z.tuple([id, updateEndpointInput]), revalidate: PAGE },
  async ([endpointId, input], { ctx, businessId }) => {
    await updateEndpoint(ctx, businessId, endpointId, input);
    return null;
  },
);

export const deleteEndpointAction = defineAction(
  { action: "deleteEndpointAction", input: id, revalidate: PAGE },
  async (endpointId, { ctx, businessId }) => {
    await deleteEndpoint(ctx, businessId, endpointId);
    return null;
  },
);

export const revealSecretAction = defineAction(
  { action: "revealSecretAction", input: id },
  async (endpointId, { ctx, businessId }) => ({ secret: await revealSecret(ctx, businessId, endpointId) }),
);

export const rotateSecretAction = defineAction(
  {
    action: "rotateSecretAction",
    // The grace period is the form's one field: its errors keep that field's name.
    input: z.tuple([id, z.preprocess((graceSeconds) => ({ graceSeconds }), rotateSecretInput)]),
    revalidate: PAGE,
  },
  async ([endpointId, input], { ctx, businessId }) => rotateSecret(ctx, businessId, endpointId, input),
);

export const sendTestEventAction = defineAction(
  { action: "sendTestEventAction", input: id, revalidate: PAGE },
  async (endpointId, { ctx, businessId }) => sendTestEvent(ctx, businessId, endpointId),
);

export const getDeliveryAction = defineAction(
  { action: "getDeliveryAction", input: id },
  async (deliveryId, { ctx, businessId }) => getDelivery(ctx, businessId, deliveryId),
);

export const replayDeliveryAction = defineAction(
  { action: "replayDeliveryAction", input: id, revalidate: PAGE },
  async (deliveryId, { ctx, businessId }) => replayDelivery(ctx, businessId, deliveryId),
);
