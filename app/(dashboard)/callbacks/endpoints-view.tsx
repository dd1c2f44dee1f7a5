"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Checkbox, Select } from "@/components/ui/field";
import { applyActionErrors, FormField } from "@/components/ui/form-field";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import {
  callbackEventTypes,
  createEndpointInput,
  DEFAULT_ROTATION_GRACE_SECONDS,
  type EndpointView,
} from "@/lib/callbacks/schemas";
import {
  createEndpointAction,
  deleteEndpointAction,
  revealSecretAction,
  rotateSecretAction,
  sendTestEventAction,
  updateEndpointAction,
} from "./actions";

export const eventLabels: Record<(typeof callbackEventTypes)[number], string> = {
  "message.status": "Message status",
  "message.received": "Customer messages",
  "call.cdr": "Call data record",
  "capability.batch": "Capability batch",
  test: "Test",
};

type Row = EndpointView & { created: Date };
type Handlers = {
  edit: (r: Row) => void;
  secret: (r: Row) => void;
  remove: (r: Row) => void;
  test: (r: Row) => void;
  testing: string | null;
  canSeeSecrets: boolean;
};

const col = dataTableColumns<Row>();

function buildColumns(h: Handlers) {
  return col.columns([
    col.accessor("url", {
      header: "URL",
      cell: (c) => (
        <div className="min-w-0">
          <code className="font-mono text-xs break-all text-slate-900">{c.getValue()}</code>
          {c.row.original.description ? (
            <div className="text-xs text-slate-500">{c.row.original.description}</div>
          ) : null}
        </div>
      ),
    }),
    col.accessor((r) => r.events.join(" "), {
      id: "events",
      header: "Events",
      cell: (c) =>
        c.row.original.events.length === 0 ? (
          // message.received is opt-in: an endpoint with no events ticked does not get it.
          <span className="text-sm text-slate-600">All except customer messages</span>
        ) : (
          <div className="flex flex-wrap gap-1">
            {c.row.original.events.map((e) => (
              <Badge key={e} tone="info">
                {e}
              </Badge>
            ))}
          </div>
        ),
    }),
    col.accessor((r) => (r.enabled ? "Enabled" : "Disabled"), {
      id: "status",
      header: "Status",
      cell: (c) => (
        <div className="space-y-1">
          <Badge tone={c.row.original.enabled ? "success" : "neutral"} dot>
            {c.getValue()}
          </Badge>
          <PreviousSecretNote expiresAt={c.row.original.previousSecretExpiresAt} />
        </div>
      ),
    }),
    col.accessor("created", {
      header: "Created",
      sortFn: "datetime",
      cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: "end" },
      cell: (c) => {
        const r = c.row.original;
        const name = <span className="sr-only"> {r.url}</span>;
        return (
          <div className="flex justify-end gap-1">
            <Button variant="ghost" size="sm" loading={h.testing === r.id} onClick={() => h.test(r)}>
              Send test{name}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => h.edit(r)}>
              Edit{name}
            </Button>
            {h.canSeeSecrets ? (
              <Button variant="ghost" size="sm" onClick={() => h.secret(r)}>
                Secret{name}
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={() => h.remove(r)}
            >
              Delete{name}
            </Button>
          </div>
        );
      },
    }),
  ]);
}

export function EndpointsView({
  endpoints,
  canSeeSecrets,
}: {
  endpoints: EndpointView[];
  canSeeSecrets: boolean;
}) {
  const router = useRouter();
  const toast = useToast();
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const [secretOf, setSecretOf] = useState<Row | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const rows = useMemo<Row[]>(
    () => endpoints.map((e) => ({ ...e, created: new Date(e.createdAt * 1000) })),
    [endpoints],
  );

  async function test(r: Row) {
    setTesting(r.id);
    const res = await sendTestEventAction(r.id);
    setTesting(null);
    if (!res.ok)
      return toast.show({ tone: "danger", title: "Test event not sent", description: res.message });
    const last = res.data.attemptLog.at(-1);
    if (res.data.status === "delivered") {
      toast.show({
        tone: "success",
        title: "Test event delivered",
        description: `HTTP ${last?.responseStatus} in ${last?.latencyMs} ms`,
      });
    } else {
      toast.show({
        tone: "danger",
        title: "Test event failed",
        description: `${last?.error ?? res.data.lastError ?? "not sent"}${res.data.status === "pending" ? "; it will be retried" : ""}`,
      });
    }
    router.refresh();
  }

  const columns = useMemo(
    () =>
      buildColumns({
        edit: setEditing,
        secret: setSecretOf,
        remove: setRemoving,
        test,
        testing,
        canSeeSecrets,
      }),
    // test closes over stable setters and the router only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [testing, canSeeSecrets],
  );
  const addButton = (
    <Button onClick={() => setEditing("new")} icon={<Icon name="plus" className="size-4" />}>
      Add endpoint
    </Button>
  );

  return (
    <Card>
      <CardHeader
        title="Endpoints"
        description="Each endpoint has its own signing secret. Events are signed with the Standard Webhooks scheme and retried for about 28 hours."
      />
      <DataTable
        label="Callback endpoints"
        columns={columns}
        data={rows}
        getRowId={(r) => r.id}
        initialSort={[{ id: "created", desc: false }]}
        searchPlaceholder="Search by URL"
        toolbar={addButton}
        empty={
          <EmptyState
            icon={<Icon name="callbacks" />}
            title="No callback endpoints yet"
            description="Add an HTTPS endpoint to receive signed events; every delivery attempt is recorded and can be replayed."
            action={addButton}
          />
        }
      />
      <EndpointDialog
        key={editing === "new" ? "new" : (editing?.id ?? "none")}
        endpoint={editing}
        canSeeSecrets={canSeeSecrets}
        onClose={() => setEditing(null)}
      />
      <SecretDialog endpoint={secretOf} onClose={() => setSecretOf(null)} />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => {
          setRemoveError(null);
          setRemoving(null);
        }}
        title="Delete this endpoint?"
        description={`${removing?.url ?? ""} will receive nothing more, and its delivery log is deleted with it.`}
        confirmLabel="Delete endpoint"
        error={removeError}
        onConfirm={async () => {
          if (!removing) return;
          const res = await deleteEndpointAction(removing.id);
          if (!res.ok) return setRemoveError(res.message);
          setRemoving(null);
          toast.show({ tone: "success", title: "Endpoint deleted" });
          router.refresh();
        }}
      />
    </Card>
  );
}

function EndpointDialog({
  endpoint,
  canSeeSecrets,
  onClose,
}: {
  endpoint: Row | "new" | null;
  canSeeSecrets: boolean;
  onClose: () => void;
}) {
  const router = useRouter();
  const existing = endpoint && endpoint !== "new" ? endpoint : null;
  const form = useForm({
    resolver: zodResolver(createEndpointInput),
    defaultValues: {
      url: existing?.url ?? "",
      description: existing?.description ?? "",
      events: existing?.events ?? [],
      enabled: existing?.enabled ?? true,
    },
  });
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const events = useWatch({ control: form.control, name: "events" }) ?? [];

  function close() {
    setCreated(null);
    setError(null);
    onClose();
    router.refresh();
  }

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    if (existing) {
      const res = await updateEndpointAction(existing.id, values);
      if (!res.ok) return setError(applyActionErrors(form, res));
      return close();
    }
    const res = await createEndpointAction(values);
    if (!res.ok) return setError(applyActionErrors(form, res));
    if (res.data.secret) setCreated(res.data.secret);
    else close();
  });

  if (created) {
    return (
      <Dialog
        open
        onClose={close}
        dismissible={false}
        title="Endpoint added"
        description="Give this signing secret to the receiver so it can verify each request. You can reveal it again later."
        footer={
          <Button onClick={close} autoFocus>
            Done
          </Button>
        }
      >
        <SecretBox secret={created} />
      </Dialog>
    );
  }

  return (
    <Dialog
      open={endpoint !== null}
      onClose={close}
      title={existing ? "Edit endpoint" : "Add endpoint"}
      description={
        existing
          ? "Changes apply to the next attempts, retries of earlier events included."
          : `The URL must be reachable from Switchboard over http or https.${canSeeSecrets ? "" : " A business admin can reveal its signing secret."}`
      }
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="callback-endpoint" loading={form.formState.isSubmitting}>
            {existing ? "Save" : "Add endpoint"}
          </Button>
        </>
      }
    >
      <form id="callback-endpoint" onSubmit={submit} noValidate className="space-y-4">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <FormField
          form={form}
          name="url"
          label="URL"
          type="url"
          placeholder="https://crm.example.com/hooks/switchboard"
          required
          autoFocus
        />
        <FormField form={form} name="description" label="Description" placeholder="e.g. CRM production" />
        <fieldset className="space-y-2" aria-describedby="callback-events-hint">
          <legend className="text-sm font-medium text-slate-800">Events</legend>
          <p id="callback-events-hint" className="text-xs text-slate-500">
            None ticked: every event type except customer messages. Customer messages (what customers send to
            your numbers) come only when ticked.
          </p>
          {callbackEventTypes
            .filter((t) => t !== "test")
            .map((t) => (
              <Checkbox
                key={t}
                label={`${eventLabels[t]} (${t})`}
                checked={events.includes(t)}
                onChange={(e) =>
                  form.setValue("events", e.target.checked ? [...events, t] : events.filter((x) => x !== t), {
                    shouldDirty: true,
                  })
                }
              />
            ))}
        </fieldset>
        <FormField form={form} name="enabled" label="Enabled" kind="switch" />
      </form>
    </Dialog>
  );
}

function SecretBox({ secret }: { secret: string }) {
  return (
    <div className="flex items-center gap-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
      <code
        data-testid="endpoint-secret"
        className="min-w-0 flex-1 font-mono text-sm break-all text-slate-900 select-all"
      >
        {secret}
      </code>
      <CopyButton value={secret} />
    </div>
  );
}

/** While a rotation's grace lasts, requests carry a second signature made with the old secret. */
function PreviousSecretNote({ expiresAt }: { expiresAt: number | null }) {
  if (expiresAt === null) return null;
  return (
    <div className="text-xs whitespace-nowrap text-amber-700">
      Previous secret valid until {formatDateTime(expiresAt * 1000)}
    </div>
  );
}

const graceOptions = [
  { value: "0", label: "Stop it now" },
  { value: String(60 * 60), label: "1 hour" },
  { value: String(DEFAULT_ROTATION_GRACE_SECONDS), label: "24 hours" },
  { value: String(7 * 24 * 60 * 60), label: "7 days" },
];

function SecretDialog({ endpoint, onClose }: { endpoint: Row | null; onClose: () => void }) {
  const router = useRouter();
  const [secret, setSecret] = useState<string | null>(null);
  // Set after a rotation in this dialog: when the old secret stops (null: at once).
  const [rotated, setRotated] = useState<{ expiresAt: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [grace, setGrace] = useState(String(DEFAULT_ROTATION_GRACE_SECONDS));

  function close() {
    setSecret(null);
    setRotated(null);
    setError(null);
    setConfirming(false);
    setGrace(String(DEFAULT_ROTATION_GRACE_SECONDS));
    onClose();
  }

  async function reveal() {
    if (!endpoint) return;
    setBusy(true);
    setError(null);
    const res = await revealSecretAction(endpoint.id);
    setBusy(false);
    if (res.ok) setSecret(res.data.secret);
    else setError(res.message);
  }

  async function rotate() {
    if (!endpoint) return;
    setBusy(true);
    setError(null);
    const res = await rotateSecretAction(endpoint.id, Number(grace));
    setBusy(false);
    setConfirming(false);
    if (!res.ok) return setError(res.message);
    setSecret(res.data.secret);
    setRotated({ expiresAt: res.data.previousSecretExpiresAt });
    router.refresh();
  }

  const previousUntil = rotated ? rotated.expiresAt : (endpoint?.previousSecretExpiresAt ?? null);

  return (
    <Dialog
      open={endpoint !== null}
      onClose={close}
      title="Signing secret"
      description={endpoint?.url}
      footer={
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
      }
    >
      <div className="space-y-4">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {secret ? (
          <SecretBox secret={secret} />
        ) : (
          <Button
            onClick={reveal}
            loading={busy && !confirming}
            icon={<Icon name="key" className="size-4" />}
          >
            Reveal secret
          </Button>
        )}
        {rotated ? (
          <Alert tone={rotated.expiresAt === null ? "warning" : "info"}>
            {rotated.expiresAt === null
              ? "Secret rotated. Requests are signed with the new secret only: give it to the receiver now."
              : `Secret rotated. Until ${formatDateTime(rotated.expiresAt * 1000)} every request carries two signatures, one with this new secret and one with the previous secret, so the receiver keeps verifying while you switch it to the new one.`}
          </Alert>
        ) : previousUntil !== null ? (
          <p className="text-sm text-amber-700">
            Previous secret valid until {formatDateTime(previousUntil * 1000)}: requests carry a signature
            with it as well.
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          The receiver verifies <code className="font-mono text-xs">webhook-signature</code> with this secret
          (see the Callbacks guide). After a rotation the previous secret keeps signing too for the period you
          choose, so the receiver can switch without missing a request.
        </p>
        {confirming ? (
          <Alert tone="warning">
            <div className="space-y-3">
              <p>Rotate the secret? Every request is signed with the new one from now on.</p>
              <Select
                label="Previous secret keeps signing for"
                hint="Until then each request carries both signatures; a receiver holding either secret verifies it."
                options={graceOptions}
                value={grace}
                onChange={(e) => setGrace(e.target.value)}
              />
              <div className="flex gap-2">
                <Button variant="danger" size="sm" loading={busy} onClick={rotate}>
                  Rotate secret
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
                  Keep the current secret
                </Button>
              </div>
            </div>
          </Alert>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Rotate secret
          </Button>
        )}
      </div>
    </Dialog>
  );
}
