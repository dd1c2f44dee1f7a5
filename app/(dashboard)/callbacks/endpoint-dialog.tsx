"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Checkbox } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import type { ActionResult } from "@/lib/actions/action-result";
import { callbackEventTypes, createEndpointInput } from "@/lib/callbacks/schemas";
import { createEndpointAction, updateEndpointAction } from "./actions";
import { eventLabels, type Row } from "./endpoint-row";
import { SecretBox } from "./secret-box";

export function EndpointDialog({
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
  const [created, setCreated] = useState<string | null>(null);
  const events = useWatch({ control: form.control, name: "events" }) ?? [];
  const { submit, error, setError } = useActionSubmit(
    form,
    async (values): Promise<ActionResult<{ secret: string | null }>> => {
      if (!existing) return createEndpointAction(values);
      const res = await updateEndpointAction(existing.id, values);
      return res.ok ? { ok: true, data: { secret: null } } : res;
    },
    // Only a new endpoint's secret is shown here; an edit closes at once.
    (data) => (data.secret ? setCreated(data.secret) : close()),
  );

  function close() {
    setCreated(null);
    setError(null);
    onClose();
    router.refresh();
  }

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
    <FormDialog
      open={endpoint !== null}
      onClose={close}
      title={existing ? "Edit endpoint" : "Add endpoint"}
      description={
        existing
          ? "Changes apply to the next attempts, retries of earlier events included."
          : `The URL must be reachable from Switchboard over http or https (https in production).${canSeeSecrets ? "" : " A business admin can reveal its signing secret."}`
      }
      formId="callback-endpoint"
      onSubmit={submit}
      submitLabel={existing ? "Save" : "Add endpoint"}
      submitting={form.formState.isSubmitting}
      error={error}
    >
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
    </FormDialog>
  );
}
