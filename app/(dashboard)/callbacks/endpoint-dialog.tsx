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
import { endpointForm, endpointInputOf } from "@/lib/callbacks/endpoint-form";
import { callbackEventTypes } from "@/lib/callbacks/schemas";
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
    resolver: zodResolver(endpointForm),
    defaultValues: {
      url: existing?.url ?? "",
      description: existing?.description ?? "",
      events: existing?.events ?? [],
      enabled: existing?.enabled ?? true,
      authMode: existing?.auth ? ("keep" as const) : ("none" as const),
      username: existing?.auth?.type === "basic" ? existing.auth.username : "",
      password: "",
      token: "",
    },
  });
  const [created, setCreated] = useState<string | null>(null);
  const events = useWatch({ control: form.control, name: "events" }) ?? [];
  const authMode = useWatch({ control: form.control, name: "authMode" });
  const { submit, error, setError } = useActionSubmit(
    form,
    async (values): Promise<ActionResult<{ secret: string | null }>> => {
      const input = endpointInputOf(values);
      if (!existing) return createEndpointAction(input);
      const res = await updateEndpointAction(existing.id, input);
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
      <fieldset className="space-y-2" aria-describedby="callback-auth-hint">
        <legend className="text-sm font-medium text-slate-800">Receiver sign-in</legend>
        <p id="callback-auth-hint" className="text-xs text-slate-500">
          For a receiver that requires credentials: sent as the Authorization header on every request, beside
          the signature. Kept sealed; the password or token is not shown again.
        </p>
        <FormField
          form={form}
          name="authMode"
          label="Credentials"
          kind="select"
          options={[
            ...(existing?.auth
              ? [
                  {
                    value: "keep",
                    label: `Keep the current ones (${existing.auth.type === "basic" ? `Basic, ${existing.auth.username}` : "Bearer token"})`,
                  },
                ]
              : []),
            { value: "none", label: "None: the signature alone" },
            { value: "basic", label: "Basic (user name and password)" },
            { value: "bearer", label: "Bearer token" },
          ]}
        />
        {authMode === "basic" && (
          <>
            <FormField form={form} name="username" label="User name" autoComplete="off" required />
            <FormField
              form={form}
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              required
            />
          </>
        )}
        {authMode === "bearer" && (
          <FormField form={form} name="token" label="Token" type="password" autoComplete="off" required />
        )}
      </fieldset>
      <FormField form={form} name="enabled" label="Enabled" kind="switch" />
    </FormDialog>
  );
}
