import type { ChannelSettings } from "../../channels/message-provider";
import { AppError } from "../../errors";
import { rcsCapabilityProvider } from "../../messages/dispatch/providers";

/** Single checks in flight at once for a provider without a bulk call. */
const SINGLE_CHECK_CONCURRENCY = 8;

/**
 * The RCS-capable numbers among `phones`, through the business's RCS provider: its bulk call
 * when it has one (RBM users:batchGet, the simulator), otherwise A3's single check, a few at
 * a time. Throws when the provider cannot answer (the job retries).
 */
export async function capableNumbers(settings: ChannelSettings, phones: string[]): Promise<Set<string>> {
  const provider = rcsCapabilityProvider(settings.provider);
  if (!provider) {
    throw new AppError("unavailable", `The RCS provider '${settings.provider}' cannot check capability`);
  }
  if (phones.length === 0) return new Set();
  if (provider.capableAmong) return new Set(await provider.capableAmong(phones, settings));
  const capable = new Set<string>();
  let next = 0;
  const lane = async () => {
    while (next < phones.length) {
      const phone = phones[next++]!;
      if (await provider.isRcsCapable(phone, settings)) capable.add(phone);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SINGLE_CHECK_CONCURRENCY, phones.length) }, lane));
  return capable;
}
