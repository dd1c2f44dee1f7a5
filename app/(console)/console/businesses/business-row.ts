import type { ChannelSettingsView } from "@/lib/businesses/channel-settings-schemas";
import type { BusinessView, Channel } from "@/lib/businesses/schemas";
import type { CallingSettingsView } from "@/lib/calls/schemas";
import type { SenderRateView } from "@/lib/messages/dispatch/list-sender-rates";

export type BusinessRow = BusinessView & {
  calling: CallingSettingsView;
  senders: SenderRateView[];
  defaultSenderRate: number;
  /** Provider, senders, secrets (as configured or not) and webhook URL of each channel. */
  channelSettings: ChannelSettingsView[];
  /** Business admins: 0 offers "Create first admin". */
  admins: number;
};

export const channelNames: Record<Channel, string> = { chatapp: "chatapp", rcs: "RCS" };
