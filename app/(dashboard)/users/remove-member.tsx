"use client";

import { ConfirmButton } from "@/components/ui/confirm-button";
import type { TeamDetails } from "@/lib/teams/schemas";
import { removeMemberAction } from "./actions";

/** "Remove" on a team member, after a confirmation that says what changes (and what does not). */
export function RemoveMember({ team, userId, label }: { team: TeamDetails; userId: string; label: string }) {
  return (
    <ConfirmButton
      label="Remove"
      subject={`${label} from ${team.teamName}`}
      destructive={false}
      title={`Remove ${label} from ${team.teamName}?`}
      description={`${label} leaves the team: its supervisor no longer sees their status and calls. Their account stays as it is and they stay signed in; you can add them back at any time.`}
      confirmLabel="Remove from team"
      run={() => removeMemberAction(team.teamId, userId)}
      done={() => ({ title: "Member removed", description: `${label} left ${team.teamName}` })}
    />
  );
}
