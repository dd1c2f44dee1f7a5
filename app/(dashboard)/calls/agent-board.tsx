import { UserStatusBadge } from "@/components/people/user-status-badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { ListedUser } from "@/lib/users/list-business-users";

/** Every agent's live status for admins and managers (the page refreshes itself). */
export function AgentBoard({ agents }: { agents: ListedUser[] }) {
  return (
    <Card>
      <CardHeader title="Agents" description="Live status of agents and users who can call" />
      <CardBody>
        {agents.length === 0 ? (
          <p className="text-sm text-slate-500">No agents yet. Create them under Users &amp; Teams.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Agent statuses">
            {agents.map((a) => (
              <li key={a.userId} className="flex items-center justify-between py-2 text-sm">
                <span>
                  {a.firstName} {a.lastName ?? ""} <span className="text-xs text-slate-500">{a.emailId}</span>
                </span>
                <span data-testid={`agent-status-${a.emailId}`}>
                  <UserStatusBadge status={a.userStatus} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
