import type { Ctx } from "../../context";
import { AppError } from "../../errors";
import { rcsCapabilityProvider } from "../dispatch/providers";
import { requireRecipient } from "../../phone/international";
import { requireSender } from "../dispatch/sender-channel";

/** A3: whether the subscriber can receive RCS from the business's agent. */
export async function checkRcsCapability(
  ctx: Ctx,
  businessId: string,
  subscriberId: string,
): Promise<{ capable: boolean }> {
  const phone = requireRecipient(subscriberId, "subscriberId");
  const { settings } = await requireSender(ctx, businessId, "rcs");
  const provider = rcsCapabilityProvider(settings.provider);
  if (!provider) {
    throw new AppError("unavailable", `The RCS provider '${settings.provider}' cannot check capability here`);
  }
  return {
    capable: await provider.isRcsCapable(phone, { provider: settings.provider, config: settings.config }),
  };
}
