import type { Metadata } from "next";
import { AreaPlaceholder } from "@/components/shell/area-placeholder";
import { requireBusinessUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Users & Teams" };

export default async function Page() {
  await requireBusinessUser();
  return (
    <AreaPlaceholder
      title="Users & Teams"
      icon="users"
      description="Dashboard users of your business, their roles, supervisors and branches."
      emptyTitle="Users and teams will be managed here"
      emptyText="Invite agents and managers, organise them in teams and see who is available for calls."
    />
  );
}
