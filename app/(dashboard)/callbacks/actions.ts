"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { createEndpoint } from "@/lib/callbacks/create-endpoint";
import { deleteEndpoint } from "@/lib/callbacks/delete-endpoint";
import { getDelivery } from "@/lib/callbacks/list-deliveries";
import { canSeeCallbackSecrets } from "@/lib/callbacks/permissions";
import { replayDelivery } from "@/lib/callbacks/replay-delivery";
import { revealSecret } from "@/lib/callbacks/reveal-secret";
import { rotateSecret, type RotatedSecret } from "@/lib/callbacks/rotate-secret";
import { createEndpointInput, rotateSecretInput, updateEndpointInput } from "@/lib/callbacks/schemas";
import { sendTestEvent } from "@/lib/callbacks/send-test-event";
import { updateEndpoint } from "@/lib/callbacks/update-endpoint";

type DeliveryDetail = Awaited<ReturnType<typeof getDelivery>>;

const id = (v: unknown) => String(v);

export async function createEndpointAction(
  raw: unknown,
): Promise<ActionResult<{ id: string; secret: string | null }>> {
  return runAction(async () => {
    const user = await requireAction("createEndpointAction");
    const input = createEndpointInput.parse(raw);
    const { endpoint, secret } = await createEndpoint(userCtx(user), user.businessId, input);
    revalidatePath("/callbacks");
    // Managers create endpoints but do not see secrets; an admin reveals it for them.
    return { id: endpoint.id, secret: canSeeCallbackSecrets(user.role) ? secret : null };
  }, raw);
}

export async function updateEndpointAction(endpointId: string, raw: unknown): Promise<ActionResult<null>> {
  return runAction(
    async () => {
      const user = await requireAction("updateEndpointAction");
      await updateEndpoint(userCtx(user), user.businessId, id(endpointId), updateEndpointInput.parse(raw));
      revalidatePath("/callbacks");
      return null;
    },
    endpointId,
    raw,
  );
}

export async function deleteEndpointAction(endpointId: string): Promise<ActionResult<null>> {
  return runAction(async () => {
    const user = await requireAction("deleteEndpointAction");
    await deleteEndpoint(userCtx(user), user.businessId, id(endpointId));
    revalidatePath("/callbacks");
    return null;
  }, endpointId);
}

export async function revealSecretAction(endpointId: string): Promise<ActionResult<{ secret: string }>> {
  return runAction(async () => {
    const user = await requireAction("revealSecretAction");
    return { secret: await revealSecret(userCtx(user), user.businessId, id(endpointId)) };
  }, endpointId);
}

export async function rotateSecretAction(
  endpointId: string,
  graceSeconds: unknown,
): Promise<ActionResult<RotatedSecret>> {
  return runAction(
    async () => {
      const user = await requireAction("rotateSecretAction");
      const input = rotateSecretInput.parse({ graceSeconds });
      const rotated = await rotateSecret(userCtx(user), user.businessId, id(endpointId), input);
      revalidatePath("/callbacks");
      return rotated;
    },
    endpointId,
    graceSeconds,
  );
}

export async function sendTestEventAction(endpointId: string): Promise<ActionResult<DeliveryDetail>> {
  return runAction(async () => {
    const user = await requireAction("sendTestEventAction");
    const d = await sendTestEvent(userCtx(user), user.businessId, id(endpointId));
    revalidatePath("/callbacks");
    return d;
  }, endpointId);
}

export async function getDeliveryAction(deliveryId: string): Promise<ActionResult<DeliveryDetail>> {
  return runAction(async () => {
    const user = await requireAction("getDeliveryAction");
    return getDelivery(userCtx(user), user.businessId, id(deliveryId));
  }, deliveryId);
}

export async function replayDeliveryAction(deliveryId: string): Promise<ActionResult<DeliveryDetail>> {
  return runAction(async () => {
    const user = await requireAction("replayDeliveryAction");
    const d = await replayDelivery(userCtx(user), user.businessId, id(deliveryId));
    revalidatePath("/callbacks");
    return d;
  }, deliveryId);
}
