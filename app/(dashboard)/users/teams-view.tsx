"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { UserStatusBadge } from "@/components/people/user-status-badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { applyActionErrors, FormField } from "@/components/ui/form-field";
import { Icon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { createTeamInput, type TeamDetails } from "@/lib/teams/schemas";
import type { ListedUser } from "@/lib/users/list-business-users";
import { addMemberAction, createTeamAction } from "./actions";
import { RemoveMember } from "./remove-member";

type Team = TeamDetails & { manageable: boolean };

export function TeamsView({ teams, users }: { teams: Team[]; users: ListedUser[] }) {
  const [creating, setCreating] = useState(false);
  const name = (id: string) => {
    const u = users.find((x) => x.userId === id);
    return u ? `${u.firstName} ${u.lastName ?? ""}`.trim() : "—";
  };
  return (
    <section aria-labelledby="teams-heading" className="space-y-4">
      <div className="flex items-center justify-between">
        <h2 id="teams-heading" className="text-lg font-semibold text-slate-900">
          Teams
        </h2>
        <Button onClick={() => setCreating(true)} icon={<Icon name="plus" className="size-4" />}>
          Create team
        </Button>
      </div>
      {teams.length === 0 ? (
        <EmptyState
          icon={<Icon name="users" />}
          title="No teams yet"
          description="Group agents under a supervisor."
        />
      ) : (
        // grid-cols-1 (minmax(0, 1fr)) and min-w-0: a long e-mail or option wraps inside its
        // card instead of widening the page at phone width.
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {teams.map((t) => (
            <Card key={t.teamId} className="min-w-0">
              <CardHeader
                title={t.teamName}
                description={`Supervisor: ${name(t.supervisorId)}${t.description ? ` · ${t.description}` : ""}`}
              />
              <CardBody>
                <ul className="divide-y divide-slate-100" aria-label={`Members of ${t.teamName}`}>
                  {t.members.length === 0 ? (
                    <li className="py-2 text-sm text-slate-500">No members yet</li>
                  ) : null}
                  {t.members.map((m) => (
                    <li key={m.userId} className="flex items-center justify-between gap-2 py-2 text-sm">
                      <span className="min-w-0 wrap-anywhere">
                        {m.firstName} {m.lastName ?? ""}{" "}
                        <span className="text-xs text-slate-500">{m.emailId}</span>
                      </span>
                      <span className="flex shrink-0 items-center gap-2">
                        <UserStatusBadge status={m.userStatus} />
                        {t.manageable ? <RemoveMember team={t} userId={m.userId} label={m.emailId} /> : null}
                      </span>
                    </li>
                  ))}
                </ul>
                {t.manageable ? <AddMember team={t} users={users} /> : null}
              </CardBody>
            </Card>
          ))}
        </div>
      )}
      <CreateTeamDialog open={creating} onClose={() => setCreating(false)} users={users} />
    </section>
  );
}

/**
 * Adds several users to the team in one step: a checkbox per user not yet in it (a list a
 * keyboard and a screen reader walk like any form), then one button for all that are ticked.
 */
function AddMember({ team, users }: { team: Team; users: ListedUser[] }) {
  const router = useRouter();
  const toast = useToast();
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const candidates = users.filter((u) => !team.members.some((m) => m.userId === u.userId));
  if (candidates.length === 0) return null;
  const n = picked.length;
  return (
    <fieldset className="mt-3 min-w-0 space-y-2" aria-label={`Add members to ${team.teamName}`}>
      <legend className="text-sm font-medium text-slate-800">Add members</legend>
      <ul className="max-h-40 space-y-1 overflow-y-auto rounded-md p-2 ring-1 ring-slate-200">
        {candidates.map((u) => (
          <li key={u.userId}>
            <label className="flex min-w-0 items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={picked.includes(u.userId)}
                onChange={(e) =>
                  setPicked((p) => (e.target.checked ? [...p, u.userId] : p.filter((id) => id !== u.userId)))
                }
              />
              <span className="min-w-0 truncate">
                {u.firstName} ({u.emailId})
              </span>
            </label>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        disabled={n === 0 || busy}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          const res = await addMemberAction(team.teamId, {
            userIds: picked,
            supervisorId: team.supervisorId,
          });
          setBusy(false);
          if (!res.ok) toast.show({ tone: "danger", title: "Not added", description: res.message });
          else setPicked([]);
          router.refresh();
        }}
      >
        {n === 0 ? "Add members" : `Add ${n} member${n === 1 ? "" : "s"}`}
      </Button>
    </fieldset>
  );
}

function CreateTeamDialog({
  open,
  onClose,
  users,
}: {
  open: boolean;
  onClose: () => void;
  users: ListedUser[];
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(createTeamInput),
    defaultValues: { teamName: "", supervisorId: "", description: "" },
  });
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    const res = await createTeamAction(values);
    if (!res.ok) {
      setError(applyActionErrors(form, res));
      return;
    }
    close();
    router.refresh();
  });
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create team"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="team-form" loading={form.formState.isSubmitting}>
            Create team
          </Button>
        </>
      }
    >
      <form id="team-form" onSubmit={submit} noValidate className="space-y-3">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <FormField form={form} name="teamName" label="Team name" required autoFocus />
        <FormField
          form={form}
          name="supervisorId"
          label="Supervisor"
          kind="select"
          required
          placeholder="Choose a supervisor"
          options={users
            .filter((u) => u.role !== "AGENT")
            .map((u) => ({ value: u.userId, label: `${u.firstName} (${u.emailId})` }))}
        />
        <FormField form={form} name="description" label="Description" kind="textarea" rows={2} />
      </form>
    </Dialog>
  );
}
