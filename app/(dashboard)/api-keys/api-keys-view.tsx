"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import { ShownOnceDialog } from "@/components/ui/shown-once-dialog";
import { useToast } from "@/components/ui/toast";
import { useShownOnce } from "@/components/ui/use-shown-once";
import { createApiKeyInput, type ApiKeyView } from "@/lib/api-keys/schemas";
import { createApiKeyAction, revokeApiKeyAction } from "./actions";

type Row = ApiKeyView & { status: "ACTIVE" | "REVOKED" };

const col = dataTableColumns<Row>();

export function ApiKeysView({ keys }: { keys: ApiKeyView[] }) {
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<Row | null>(null);
  const rows = useMemo<Row[]>(
    () => keys.map((k) => ({ ...k, status: k.revokedAt ? "REVOKED" : "ACTIVE" })),
    [keys],
  );
  // setRevoking is stable, so the columns are built once.
  const columns = useMemo(() => buildColumns(setRevoking), []);

  const createButton = (
    <Button onClick={() => setCreating(true)} icon={<Icon name="plus" className="size-4" />}>
      Create API key
    </Button>
  );

  return (
    <>
      <DataTable
        label="API keys"
        columns={columns}
        data={rows}
        getRowId={(r) => r.id}
        initialSort={[{ id: "createdAt", desc: true }]}
        searchPlaceholder="Search by name or prefix"
        toolbar={createButton}
        empty={
          <EmptyState
            icon={<Icon name="key" />}
            title="No API keys yet"
            description="Create a key for each system that calls the API, so you can revoke one without touching the others."
            action={createButton}
          />
        }
      />
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
      <RevokeKeyDialog row={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

function buildColumns(onRevoke: (r: Row) => void) {
  return col.columns([
    col.accessor("name", {
      header: "Name",
      cell: (c) => <span className="font-medium text-slate-900">{c.getValue()}</span>,
    }),
    col.accessor("prefix", {
      header: "Key",
      cell: (c) => <code className="font-mono text-xs text-slate-700">{c.getValue()}…</code>,
    }),
    col.accessor("status", { header: "Status", cell: (c) => <StatusBadge status={c.getValue()} /> }),
    col.accessor("createdAt", {
      header: "Created",
      sortFn: "datetime",
      cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
    }),
    col.accessor("lastUsedAt", {
      header: "Last used",
      sortFn: "datetime",
      sortUndefined: "last",
      cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue(), "Never")}</span>,
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: "end" },
      cell: (c) =>
        c.row.original.status === "ACTIVE" ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={() => onRevoke(c.row.original)}
          >
            Revoke<span className="sr-only"> {c.row.original.name}</span>
          </Button>
        ) : (
          <span className="text-xs text-slate-500">Revoked {formatDateTime(c.row.original.revokedAt)}</span>
        ),
    }),
  ]);
}

function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useForm({ resolver: zodResolver(createApiKeyInput), defaultValues: { name: "" } });
  // The plain key lives only in useShownOnce's state and is dropped when the dialog closes.
  const { created, submit, error, close } = useShownOnce(form, createApiKeyAction, onClose);

  if (created) {
    return (
      <ShownOnceDialog
        open={open}
        onClose={close}
        title="Copy your new API key"
        description="This is the only time the full key is shown. Store it in your secret manager now."
        doneLabel="I have stored the key"
      >
        <div className="flex items-center gap-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
          <code
            data-testid="new-api-key"
            className="min-w-0 flex-1 font-mono text-sm break-all text-slate-900 select-all"
          >
            {created.key}
          </code>
          <CopyButton value={created.key} />
        </div>
        <Alert tone="warning">
          Switchboard keeps only a hash of the key. If you lose it, revoke it and create a new one.
        </Alert>
      </ShownOnceDialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create API key"
      description="Name the key after the system that will use it."
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="create-api-key" loading={form.formState.isSubmitting}>
            Create key
          </Button>
        </>
      }
    >
      <form id="create-api-key" onSubmit={submit} noValidate className="space-y-4">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <FormField
          form={form}
          name="name"
          label="Name"
          placeholder="e.g. CRM production"
          autoFocus
          required
        />
      </form>
    </Dialog>
  );
}

function RevokeKeyDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const toast = useToast();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open={row !== null}
      onClose={() => {
        setError(null);
        onClose();
      }}
      title={`Revoke “${row?.name ?? ""}”?`}
      description="Requests with this key will be refused with 401 from now on. This cannot be undone."
      confirmLabel="Revoke key"
      error={error}
      onConfirm={async () => {
        if (!row) return;
        const res = await revokeApiKeyAction(row.id);
        if (!res.ok) {
          setError(res.message);
          return;
        }
        toast.show({ tone: "success", title: "Key revoked", description: row.name });
        onClose();
        router.refresh();
      }}
    />
  );
}
