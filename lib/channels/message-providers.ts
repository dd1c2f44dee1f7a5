import { googleRbmCapability, googleRbmMessages } from "./google-rbm/messages";
import type { MessageProvider, RcsCapabilityProvider } from "./message-provider";
import { whatsappCloudMessages } from "./whatsapp-cloud/messages";

/**
 * Message providers by the business channel's `provider` name (business_channels.provider).
 * The simulator registers here too (one line each in the two maps).
 */
const messageProviders: Record<string, MessageProvider> = {
  "whatsapp-cloud": whatsappCloudMessages,
  "google-rbm": googleRbmMessages,
};

const capabilityProviders: Record<string, RcsCapabilityProvider> = {
  "google-rbm": googleRbmCapability,
};

/** The provider that sends for this channel, or undefined for an unknown name. */
export function messageProvider(name: string): MessageProvider | undefined {
  return messageProviders[name];
}

/** The RCS capability check of a provider (RCS providers only). */
export function rcsCapabilityProvider(name: string): RcsCapabilityProvider | undefined {
  return capabilityProviders[name];
}
