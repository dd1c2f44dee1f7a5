import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Campaign not found" };

/** An unknown campaign id, or another business's. */
export default function NotFound() {
  return (
    <Card>
      <EmptyState
        icon={<Icon name="campaigns" />}
        title="Campaign not found"
        description="There is no campaign with this id in your business. Check the link, or pick it from the list."
        action={<ButtonLink href="/campaigns">All campaigns</ButtonLink>}
      />
    </Card>
  );
}
