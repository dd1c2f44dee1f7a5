import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { timeZoneOptions } from "@/lib/businesses/time-zone";
import { routingSettingsView } from "@/lib/conversations/save-routing-settings";
import { listSavedReplies } from "@/lib/conversations/saved-replies";
import { getBusinessHours } from "@/lib/flows/business-hours/hours-store";
import { HoursCard } from "./hours-card";
import { RoutingCard } from "./routing-card";
import { SavedRepliesCard } from "./saved-replies-card";

export const metadata: Metadata = { title: "Inbox settings" };

/**
 * What an admin sets up for the inbox, beside it in the menu: who answers which sender and how
 * many conversations an agent holds, and the saved replies agents insert. Teams and their
 * members are on Users & Teams.
 */
export default async function InboxSettingsPage() {
  const user = await requirePage("/inbox/settings");
  const ctx = userCtx(user);
  const [routing, savedReplies, hours] = await Promise.all([
    routingSettingsView(ctx, user.businessId),
    listSavedReplies(ctx, user.businessId),
    getBusinessHours(ctx, user.businessId),
  ]);
  return (
    <>
      <PageHeader
        title="Inbox settings"
        description="How conversations reach your agents, and the answers they insert with /name."
        actions={
          <>
            <ButtonLink href="/users" variant="secondary">
              Teams and agents
            </ButtonLink>
            <ButtonLink href="/inbox" variant="secondary">
              Open the inbox
            </ButtonLink>
          </>
        }
      />
      <RoutingCard settings={routing} />
      <div className="mt-6">
        <HoursCard hours={hours} timeZones={timeZoneOptions(hours?.timeZone)} />
      </div>
      <div className="mt-6">
        <SavedRepliesCard replies={savedReplies} />
      </div>
    </>
  );
}
