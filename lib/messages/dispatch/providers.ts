import type { MessageProvider, RcsCapabilityProvider } from "../../channels/message-provider";
import { simulatorMessages, simulatorRcsCapability } from "../../channels/simulator/messages";
import { googleRbmCapability, googleRbmMessages } from "../../channels/google-rbm/messages";
import { whatsappCloudMessages } from "../../channels/whatsapp-cloud/messages";
import { runtimeSlot } from "../../runtime";

// The providers the dispatcher can send through, by business_channels.provider. A provider
// module that cannot be imported here (circular, optional) calls registerMessageProvider.
declare module "../../runtime" {
  interface Runtime {
    /** The providers messages are sent through, by business_channels.provider. */
    messageProviders: Map<string, MessageProvider>;
    /** The providers RCS capability checks go through, by name. */
    capabilityProviders: Map<string, RcsCapabilityProvider>;
  }
}
const senders = runtimeSlot("messageProviders", () => new Map());
const capabilities = runtimeSlot("capabilityProviders", () => new Map());

export function registerMessageProvider(p: MessageProvider): void {
  senders.set(p.name, p);
}

export function registerRcsCapabilityProvider(p: RcsCapabilityProvider): void {
  capabilities.set(p.name, p);
}

registerMessageProvider(simulatorMessages);
registerMessageProvider(whatsappCloudMessages);
registerMessageProvider(googleRbmMessages);
registerRcsCapabilityProvider(simulatorRcsCapability);
registerRcsCapabilityProvider(googleRbmCapability);

export function messageProvider(name: string): MessageProvider | undefined {
  return senders.get(name);
}

export function rcsCapabilityProvider(name: string): RcsCapabilityProvider | undefined {
  return capabilities.get(name);
}
