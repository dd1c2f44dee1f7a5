import type { Metadata } from "next";
import { AreaPlaceholder } from "@/components/shell/area-placeholder";
import { requireBusinessUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Calls" };

export default async function Page() {
  await requireBusinessUser();
  return (
    <AreaPlaceholder
      title="Calls"
      icon="calls"
      description="Outbound calls between agents and customers, and agent availability."
      emptyTitle="No calls yet"
      emptyText="Calls started through the API or by agents will be listed here with their duration and outcome."
    />
  );
}
