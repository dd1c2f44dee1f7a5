"use client";

import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Icon } from "@/components/ui/icons";
import type { ListedUser } from "@/lib/users/list-business-users";
import { UserDialog } from "./user-dialog";
import { buildUserColumns } from "./user-columns";

export function UsersView({
  users,
  me,
  teams,
}: {
  users: ListedUser[];
  me: { id: string; role: string };
  teams: Array<{ teamId: string; teamName: string }>;
}) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ListedUser | null>(null);
  const columns = useMemo(() => buildUserColumns(setEditing, me.id), [me.id]);
  const canCreate = me.role !== "AGENT";
  const createButton = canCreate ? (
    <Button onClick={() => setCreating(true)} icon={<Icon name="plus" className="size-4" />}>
      Create user
    </Button>
  ) : null;
  return (
    <section aria-labelledby="users-heading" className="mb-10">
      <h2 id="users-heading" className="sr-only">
        Users
      </h2>
      <DataTable
        label="Users"
        columns={columns}
        data={users}
        getRowId={(u) => u.userId}
        initialSort={[{ id: "name", desc: false }]}
        searchPlaceholder="Search by name, e-mail or role"
        toolbar={createButton}
      />
      <UserDialog open={creating} onClose={() => setCreating(false)} teams={teams} />
      {editing ? (
        <UserDialog open user={editing} self={editing.userId === me.id} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}
