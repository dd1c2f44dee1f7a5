import type { Metadata } from "next";
import { AutoRefresh } from "@/components/people/auto-refresh";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { listTeams } from "@/lib/teams/list-teams";
import { listBusinessUsers } from "@/lib/users/list-business-users";
import { TeamsView } from "./teams-view";
import { UsersView } from "./users-view";

export const metadata: Metadata = { title: "Users & Teams" };

export default async function UsersPage() {
  const user = await requirePage("/users");
  const ctx = userCtx(user);
  const [users, teams] = await Promise.all([
    listBusinessUsers(ctx, user.businessId),
    listTeams(ctx, user.businessId),
  ]);
  return (
    <>
      <PageHeader
        title="Users & Teams"
        description="Who works in the dashboard, their roles, status and calling; teams with their members. Statuses refresh every few seconds."
      />
      <AutoRefresh intervalMs={4000} />
      <UsersView
        users={users}
        me={{ id: user.id, role: user.role }}
        teams={teams.filter((t) => t.manageable).map((t) => ({ teamId: t.teamId, teamName: t.teamName }))}
      />
      <TeamsView teams={teams} users={users} />
    </>
  );
}
