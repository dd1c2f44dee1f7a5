"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { UserStatusBadge } from "@/components/people/user-status-badge";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { Dialog } from "@/components/ui/dialog";
import { Switch } from "@/components/ui/field";
import { applyActionErrors, FormField } from "@/components/ui/form-field";
import { Icon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { createBusinessUserInput, editBusinessUserInput } from "@/lib/users/business-user-schemas";
import type { ListedUser } from "@/lib/users/list-business-users";
import { createUserAction, editUserAction, setCallingAction, setUserEnabledAction } from "./actions";

const ROLES = [
  { value: "AGENT", label: "Agent" },
  { value: "MANAGER", label: "Manager" },
  { value: "BRANCH_ADMIN", label: "Branch admin" },
  { value: "BUSINESS_ADMIN", label: "Business admin" },
];
const roleLabel = (r: string) => ROLES.find((x) => x.value === r)?.label ?? r;
const col = dataTableColumns<ListedUser>();

export function UsersView({ users, me }: { users: ListedUser[]; me: { id: string; role: string } }) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ListedUser | null>(null);
  const columns = useMemo(() => buildColumns(setEditing, me.id), [me.id]);
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
        initialSort={[{ id: "firstName", desc: false }]}
        searchPlaceholder="Search by name, e-mail or role"
        toolbar={createButton}
      />
      <UserDialog open={creating} onClose={() => setCreating(false)} />
      {editing ? <UserDialog open user={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

function buildColumns(onEdit: (u: ListedUser) => void, meId: string) {
  return col.columns([
    col.accessor("firstName", {
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
    col.accessor("role", { header: "Role", cell: (c) => roleLabel(c.getValue()) }),
    col.accessor("userStatus", {
      header: "Status",
      cell: (c) => (
        <span data-testid={`status-${c.row.original.emailId}`}>
          <UserStatusBadge status={c.getValue()} />
        </span>
      ),
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
      cell: (c) =>
        c.row.original.manageable ? (
          <div className="flex justify-end gap-1">
            <Button variant="ghost" size="sm" onClick={() => onEdit(c.row.original)}>
              Edit<span className="sr-only"> {c.row.original.emailId}</span>
            </Button>
            <EnableToggle user={c.row.original} />
          </div>
        ) : null,
    }),
  ]);
}

function EnableToggle({ user }: { user: ListedUser }) {
  const toast = useToast();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      loading={busy}
      className={user.enabled ? "text-red-700 hover:bg-red-50" : ""}
      onClick={async () => {
        setBusy(true);
        const res = await setUserEnabledAction(user.userId, !user.enabled);
        setBusy(false);
        if (!res.ok) toast.show({ tone: "danger", title: "Not changed", description: res.message });
        else
          toast.show({
            tone: "success",
            title: user.enabled ? "User disabled" : "User enabled",
            description: user.enabled
              ? `${user.emailId} is signed out and cannot sign in`
              : `${user.emailId} can sign in again`,
          });
        router.refresh();
      }}
    >
      {user.enabled ? "Disable" : "Enable"}
      <span className="sr-only"> {user.emailId}</span>
    </Button>
  );
}

function CallingToggle({ user }: { user: ListedUser }) {
  const toast = useToast();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const phone = user.phoneNumber ? `+${user.phoneNumber}` : "no phone number";
  if (!user.manageable) {
    return (
      <span className="text-sm">
        {user.callingEnabled ? "On" : "Off"} <span className="text-xs text-slate-500">{phone}</span>
      </span>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Switch
        label={`Calling for ${user.emailId}`}
        hideLabel
        checked={user.callingEnabled}
        disabled={busy || !user.phoneNumber}
        title={user.phoneNumber ? undefined : "Add a phone number first (Edit)"}
        onChange={async (e) => {
          const next = e.currentTarget.checked;
          setBusy(true);
          // "+": the stored number is E.164, never to be re-read as a national one.
          const res = await setCallingAction(user.userId, next, `+${user.phoneNumber ?? ""}`);
          setBusy(false);
          if (!res.ok) toast.show({ tone: "danger", title: "Calling not changed", description: res.message });
          else
            toast.show({
              tone: "success",
              title: next ? "Calling enabled" : "Calling disabled",
              description: user.emailId,
            });
          router.refresh();
        }}
      />
      <span className="font-mono text-xs text-slate-500">{phone}</span>
    </div>
  );
}

function UserDialog({ open, onClose, user }: { open: boolean; onClose: () => void; user?: ListedUser }) {
  const router = useRouter();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const schema = user ? editBusinessUserInput : createBusinessUserInput;
  const form = useForm({
    resolver: zodResolver(schema as typeof editBusinessUserInput),
    defaultValues: user
      ? {
          userId: user.userId,
          firstName: user.firstName,
          lastName: user.lastName ?? "",
          phoneNumber: user.phoneNumber ? `+${user.phoneNumber}` : "",
          role: user.role as "AGENT",
          supervisorId: user.supervisorId ?? "",
          branchId: user.branchId ?? "",
          temporaryPassword: "",
        }
      : ({
          firstName: "",
          lastName: "",
          phoneNumber: "",
          role: "AGENT",
          emailId: "",
          temporaryPassword: "",
          branchId: "",
        } as never),
  });
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const res = user ? await editUserAction(values) : await createUserAction(values);
    if (!res.ok) {
      setError(applyActionErrors(form, res));
      return;
    }
    toast.show({
      tone: "success",
      title: user ? "User saved" : "User created",
      description: res.data.emailId,
    });
    close();
    router.refresh();
  });
  const f = form as never as Parameters<typeof FormField>[0]["form"];
  return (
    <Dialog
      open={open}
      onClose={close}
      title={user ? `Edit ${user.emailId}` : "Create user"}
      description={
        user
          ? "A new temporary password makes the user choose its own at the next sign-in."
          : "Without a temporary password the user cannot sign in to the dashboard until you set one."
      }
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="user-form" loading={form.formState.isSubmitting}>
            {user ? "Save" : "Create user"}
          </Button>
        </>
      }
    >
      <form id="user-form" onSubmit={submit} noValidate className="grid grid-cols-2 gap-3">
        {error ? (
          <div className="col-span-2">
            <Alert tone="danger">{error}</Alert>
          </div>
        ) : null}
        <FormField form={f} name="firstName" label="First name" required autoFocus />
        <FormField form={f} name="lastName" label="Last name" />
        {user ? null : <FormField form={f} name="emailId" label="E-mail" type="email" required />}
        <FormField
          form={f}
          name="phoneNumber"
          label="Phone number"
          type="tel"
          placeholder="+919876543210"
          hint="With the country code, or as dialled in the business's default country (Settings)"
          required
        />
        <FormField form={f} name="role" label="Role" kind="select" options={ROLES} required />
        <FormField form={f} name="branchId" label="Branch" />
        <FormField
          form={f}
          name="temporaryPassword"
          label="Temporary password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters"
        />
      </form>
    </Dialog>
  );
}
