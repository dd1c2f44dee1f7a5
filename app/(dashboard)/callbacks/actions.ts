"use server";

import { revalidatePath } from "next/cache";
import { fail, runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireBusinessUser } from "@/lib/auth/session";
import { userCtx } from "@/lib/auth/user-ctx";
import { createEndpoint } from "@/lib/callbacks/create-endpoint";
import { deleteEndpoint } from "@/lib/callbacks/delete-endpoint";
import { getDelivery } from "@/lib/callbacks/list-deliveries";
import { canSeeCallbackSecrets, canUseCallbacks } from "@/lib/callbacks/permissions";
import { replayDelivery } from "@/lib/callbacks/replay-delivery";
import { revealSecret } from "@/lib/callbacks/reveal-secret";
import { rotateSecret, type RotatedSecret } from "@/lib/callbacks/rotate-secret";
import { createEndpointInput, rotateSecretInput, updateEndpointInput } from "@/lib/callbacks/schemas";
import { sendTestEvent } from "@/lib/callbacks/send-test-event";
import { updateEndpoint } from "@/lib/callbacks/update-endpoint";

type DeliveryDetail = Awaited<ReturnType<typeof getDelivery>>;

async function allowed(secrets = false) {
  const user = await requireBusinessUser();
  if (!canUseCallbacks(user.role))
    return { user, denied: fail("Only admins and managers can manage callbacks.") };
  if (secrets && !canSeeCallbackSecrets(user.role)) {
    return { user, denied: fail("Only business admins can see or rotate signing secrets.") };
  }
  return { user, denied: null };
}

const id = (v: unknown) => String(v);

export async function createEndpointAction(
  raw: unknown,
): Promise<ActionResult<{ id: string; secret: string | null }>> {
  const { user, denied } = await allowed();
  if (denied) return denied;
  return runAction(async () => {
    const input = createEndpointInput.parse(raw);
    const { endpoint, secret } = await createEndpoint(userCtx(user), user.businessId, input);
    revalidatePath("/callbacks");
    // Managers create endpoints but do not see secrets; an admin reveals it for them.
    return { id: endpoint.id, secret: canSeeCallbackSecrets(user.role) ? secret : null };
  }, raw);
}

export async function updateEndpointAction(endpointId: string, raw: unknown): Promise<ActionResult<null>> {
  const { user, denied } = await allowed();
  if (denied) return denied;
  return runAction(
    async () => {
      await updateEndpoint(userCtx(user), user.businessId, id(endpointId), updateEndpointInput.parse(raw));
      revalidatePath("/callbacks");
      return null;
    },
    endpointId,
    raw,
  );
}

export async function deleteEndpointAction(endpointId: string): Promise<ActionResult<null>> {
  const { user, denied } = await allowed();
  if (denied) return denied;
  return runAction(async () => {
    await deleteEndpoint(userCtx(user), user.businessId, id(endpointId));
    revalidatePath("/callbacks");
    return null;
  }, endpointId);
}

export async function revealSecretAction(endpointId: string): Promise<ActionResult<{ secret: string }>> {
  const { user, denied } = await allowed(true);
  if (denied) return denied;
  return runAction(
    async () => ({
      secret: await revealSecret(userCtx(user), user.businessId, id(endpointId)),
    }),
    endpointId,
  );
}

export async function rotateSecretAction(
  endpointId: string,
  graceSeconds: unknown,
): Promise<ActionResult<RotatedSecret>> {
  const { user, denied } = await allowed(true);
  if (denied) return denied;
  return runAction(
    async () => {
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
  const { user, denied } = await allowed();
  if (denied) return denied;
  return runAction(async () => {
    const d = await sendTestEvent(userCtx(user), user.businessId, id(endpointId));
    revalidatePath("/callbacks");
    return d;
  }, endpointId);
}

export async function getDeliveryAction(deliveryId: string): Promise<ActionResult<DeliveryDetail>> {
  const { user, denied } = await allowed();
  if (denied) return denied;
  return runAction(() => getDelivery(userCtx(user), user.businessId, id(deliveryId)), deliveryId);
}

export async function replayDeliveryAction(deliveryId: string): Promise<ActionResult<DeliveryDetail>> {
  const { user, denied } = await allowed();
  if (denied) return denied;
  return runAction(async () => {
    const d = await replayDelivery(userCtx(user), user.businessId, id(deliveryId));
    revalidatePath("/callbacks");
    return d;
  }, deliveryId);
}
