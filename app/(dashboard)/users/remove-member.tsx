"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import type { TeamDetails } from "@/lib/teams/schemas";
import { removeMemberAction } from "./actions";

/** "Remove" on a team member, after a confirmation that says what changes (and what does not). */
export function RemoveMember({ team, userId, label }: { team: TeamDetails; userId: string; label: string }) {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        Remove
        <span className="sr-only">
          {" "}
          {label} from {team.teamName}
        </span>
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
        title={`Remove ${label} from ${team.teamName}?`}
        description={`${label} leaves the team: its supervisor no longer sees their status and calls. Their account stays as it is and they stay signed in; you can add them back at any time.`}
        confirmLabel="Remove from team"
        error={error}
        onConfirm={async () => {
          const res = await removeMemberAction(team.teamId, userId);
          if (!res.ok) {
            setError(res.message);
            return;
          }
          setOpen(false);
          toast.show({
            tone: "success",
            title: "Member removed",
            description: `${label} left ${team.teamName}`,
          });
          router.refresh();
        }}
      />
    </>
  );
}
