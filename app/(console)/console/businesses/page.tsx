import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { countBusinessAdmins } from "@/lib/users/create-first-admin";
import { countryOptions } from "@/lib/businesses/country-options";
import { listBusinesses } from "@/lib/businesses/list-businesses";
import { listChannelSettings } from "@/lib/businesses/list-channel-settings";
import { timeZoneOptions } from "@/lib/businesses/time-zone";
import { listCallingSettings } from "@/lib/calls/list-calling-settings";
import { messagesConfig } from "@/lib/messages/dispatch/config";
import { listSenderRatesOf } from "@/lib/messages/dispatch/list-sender-rates";
import { BusinessesView } from "./businesses-view";

export const metadata: Metadata = { title: "Businesses" };

export default async function BusinessesPage() {
  const user = await requirePage("/console/businesses");
  const ctx = userCtx(user);
  const businesses = await listBusinesses(ctx);
  const ids = businesses.map((b) => b.id);
  const calling = await listCallingSettings(ctx, ids);
  const senders = await listSenderRatesOf(ctx, ids);
  const channelSettings = await listChannelSettings(ctx, ids);
  const admins = await countBusinessAdmins(ctx, ids);
  const defaultSenderRate = messagesConfig().MESSAGES_SENDER_RATE;
  return (
    <>
      <PageHeader
        eyebrow="Console"
        title="Businesses"
        description="Every business on this Switchboard, the channels it may send on, their providers, credentials and webhook URLs, each sender's dispatch rate, and its outbound calling. A disabled business's API keys and users stop working at once."
      />
      <BusinessesView
        businesses={businesses.map((b) => ({
          ...b,
          calling: calling[b.id]!,
          senders: senders[b.id] ?? [],
          defaultSenderRate,
          channelSettings: channelSettings[b.id] ?? [],
          admins: admins[b.id] ?? 0,
        }))}
        countries={countryOptions()}
        timeZones={timeZoneOptions()}
      />
    </>
  );
}
