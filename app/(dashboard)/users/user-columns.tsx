"use client";

import { Button } from "@/components/ui/button";
import { dataTableColumns } from "@/components/ui/data-table";
import type { ListedUser } from "@/lib/users/list-business-users";
import { CallingToggle } from "./calling-toggle";
import { EnableToggle } from "./enable-toggle";
import { roleLabel } from "./roles";
import { StatusCell } from "./status-select";

const col = dataTableColumns<ListedUser>();

export function buildUserColumns(onEdit: (u: ListedUser) => void, meId: string) {
  return col.columns([
    // The search box reads each column's value: the name column holds the e-mail too, and the
    // role column its label ("Business admin"), so both are found as the placeholder says.
    col.accessor((u) => `${u.firstName} ${u.lastName ?? ""} ${u.emailId}`, {
      id: "name",
      header: "Name",
      cell: (c) => (
        <div>
          <div className="font-medium text-slate-900">
            {c.row.original.firstName} {c.row.original.lastName ?? ""}
            {c.row.original.userId === meId ? (
              <span className="ml-1 text-xs text-slate-500">(you)</span>
            ) : null}
          </div>
          <div className="text-xs text-slate-500">{c.row.original.emailId}</div>
        </div>
      ),
    }),
    col.accessor((u) => roleLabel(u.role), { id: "role", header: "Role" }),
    col.accessor("userStatus", {
      header: "Status",
      cell: (c) => <StatusCell user={c.row.original} />,
    }),
    col.accessor("branchId", { header: "Branch", cell: (c) => c.getValue() ?? "—" }),
    col.accessor("callingEnabled", {
      header: "Calling",
      cell: (c) => <CallingToggle user={c.row.original} />,
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: "end" },
      cell: (c) => {
        const u = c.row.original;
        // A business admin edits itself (names, its calling number): the only admin has nobody
        // else to add the number its calls start from.
        const self = u.userId === meId && u.callingEditable;
        return u.manageable || self ? (
          <div className="flex justify-end gap-1">
            <Button variant="ghost" size="sm" onClick={() => onEdit(u)}>
              Edit<span className="sr-only"> {u.emailId}</span>
            </Button>
            {u.manageable ? <EnableToggle user={u} /> : null}
          </div>
        ) : null;
      },
    }),
  ]);
}
