"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { useSaveAndClose } from "@/components/ui/use-save-and-close";
import { callingSettingsForm, type CallingSettingsView } from "@/lib/calls/schemas";
import { setCallingSettingsAction } from "./actions";
import type { BusinessRow } from "./business-row";
import { ProviderField } from "./provider-field";

const providerNames: Record<CallingSettingsView["provider"], string> = {
  simulator: "Simulator",
  exotel: "Exotel",
};

export function CallingDialog({ business, onClose }: { business: BusinessRow; onClose: () => void }) {
  const c = business.calling;
  const form = useForm({
    resolver: zodResolver(callingSettingsForm),
    defaultValues: {
      businessId: business.id,
      enabled: c.enabled,
      provider: c.provider,
      callerId: `+${c.callerId}`,
      accountSid: c.accountSid,
      apiKey: "",
      apiToken: "",
      baseUrl: c.baseUrl,
    },
  });
  const provider = useWatch({ control: form.control, name: "provider" });
  const { submit, error } = useSaveAndClose(form, setCallingSettingsAction, onClose, (data) => ({
    title: "Calling settings saved",
    description: `${business.name}: ${providerNames[data.provider]}, +${data.callerId}`,
  }));
  const keep = (set: boolean) => (set ? "Stored; leave blank to keep it" : undefined);
  return (
    <FormDialog
      open
      onClose={onClose}
      title={`Calling for ${business.name}`}
      description="Calls placed from the dashboard or the API come from the registered number through this provider. Agents also need calling enabled on their user."
      formId="calling-settings"
      onSubmit={submit}
      submitLabel="Save"
      submitting={form.formState.isSubmitting}
      error={error}
    >
      {!c.stored ? (
        <Alert tone="info">
          Nothing saved yet: calls use the simulator and a number derived from the business id.
        </Alert>
      ) : null}
      <FormField
        form={form}
        name="enabled"
        kind="switch"
        label="Calling enabled"
        hint="Off: every call of this business is refused"
      />
      <ProviderField
        form={form}
        options={[
          { value: "simulator", label: "Simulator (test calls, no telephony)" },
          { value: "exotel", label: "Exotel" },
        ]}
      />
      <FormField
        form={form}
        name="callerId"
        label="Registered number"
        type="tel"
        required
        placeholder="+918012345678"
        hint={
          provider === "exotel"
            ? "Your ExoPhone, with the country code: the number customers see"
            : "With the country code: the number customers see"
        }
      />
      {provider === "exotel" ? (
        <fieldset className="space-y-3 rounded-md p-3 ring-1 ring-slate-200">
          <legend className="px-1 text-sm font-medium text-slate-800">Exotel account</legend>
          <p className="text-xs text-slate-600">
            Empty fields fall back to the server&apos;s EXOTEL_* environment variables.
          </p>
          <FormField form={form} name="accountSid" label="Account SID" autoComplete="off" />
          <FormField
            form={form}
            name="apiKey"
            label="API key"
            autoComplete="off"
            placeholder={keep(c.apiKeySet)}
            hint={keep(c.apiKeySet)}
          />
          <FormField
            form={form}
            name="apiToken"
            label="API token"
            type="password"
            autoComplete="new-password"
            placeholder={keep(c.apiTokenSet)}
            hint={keep(c.apiTokenSet)}
          />
          <FormField
            form={form}
            name="baseUrl"
            label="API base URL"
            type="url"
            placeholder="https://api.exotel.com"
            hint="Optional: the regional endpoint, e.g. https://api.in.exotel.com"
          />
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
