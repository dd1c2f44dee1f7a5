"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { ConfirmDialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import type { EndpointView } from "@/lib/callbacks/schemas";
import { deleteEndpointAction, sendTestEventAction } from "./actions";
import { buildEndpointColumns } from "./endpoint-columns";
import { EndpointDialog } from "./endpoint-dialog";
import type { Row } from "./endpoint-row";
import { SecretDialog } from "./secret-dialog";

export function EndpointsView({
  endpoints,
  canSeeSecrets,
}: {
  endpoints: EndpointView[];
  canSeeSecrets: boolean;
}) {
  const router = useRouter();
  const toast = useToast();
  // The id, not the row: a dialog opened before the refresh that follows a save lands must
  // show the saved endpoint (its credentials), not the row the table had when it was clicked.
  const [editingId, setEditingId] = useState<string | "new" | null>(null);
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

  const editing = editingId === "new" ? "new" : (rows.find((r) => r.id === editingId) ?? null);

  const columns = useMemo(
    () =>
      buildEndpointColumns({
        edit: (r: Row) => setEditingId(r.id),
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
    <Button onClick={() => setEditingId("new")} icon={<Icon name="plus" className="size-4" />}>
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
            description="Add an endpoint (an http or https URL; https in production) to receive signed events; every delivery attempt is recorded and can be replayed."
            action={addButton}
          />
        }
      />
      <EndpointDialog
        // Remounted when the endpoint's saved state changes, so the form starts from it.
        key={editing === "new" ? "new" : editing ? editedStateKey(editing) : "none"}
        endpoint={editing}
        canSeeSecrets={canSeeSecrets}
        onClose={() => setEditingId(null)}
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

/** What the edit dialog starts from; a refresh that changes only counters keeps it mounted. */
function editedStateKey(r: Row): string {
  const { id, url, description, events, enabled, auth } = r;
  return JSON.stringify([id, url, description, events, enabled, auth]);
}
