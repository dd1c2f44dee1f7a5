import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requireOperator } from "@/lib/auth/session";
import { userCtx } from "@/lib/auth/user-ctx";
import { listBusinesses } from "@/lib/businesses/list-businesses";
import { listCallingSettings } from "@/lib/calls/list-calling-settings";
import { BusinessesView } from "./businesses-view";

export const metadata: Metadata = { title: "Businesses" };

export default async function BusinessesPage() {
  const user = await requireOperator();
  const ctx = userCtx(user);
  const businesses = await listBusinesses(ctx);
  const calling = await listCallingSettings(
    ctx,
    businesses.map((b) => b.id),
  );
  return (
    <>
      <PageHeader
        eyebrow="Console"
        title="Businesses"
        description="Every business on this Switchboard, the channels it may send on and their providers, and its outbound calling. A disabled business's API keys and users stop working at once."
      />
      <BusinessesView businesses={businesses.map((b) => ({ ...b, calling: calling[b.id]! }))} />
    </>
  );
}
