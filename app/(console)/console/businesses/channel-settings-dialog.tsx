"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { useSaveAndClose } from "@/components/ui/use-save-and-close";
import {
  channelSettingsForm,
  type ChannelSettingsForm,
  type ChannelSettingsView,
} from "@/lib/businesses/channel-settings-schemas";
import { providersByChannel } from "@/lib/businesses/schemas";
import { channelNames } from "./business-row";
import { updateChannelSettingsAction } from "./channel-settings-actions";
import { ProviderField } from "./provider-field";
import { SecretField, secretFields } from "./secret-field";
import { WebhookUrl } from "./webhook-url";

export type Business = { id: string; name: string };

export function ChannelSettingsDialog({
  business,
  settings,
  onClose,
}: {
  business: Business;
  settings: ChannelSettingsView;
  onClose: () => void;
}) {
  const channel = settings.channel;
  const form = useForm<ChannelSettingsForm>({
    resolver: zodResolver(channelSettingsForm),
    defaultValues: {
      businessId: business.id,
      channel,
      provider: settings.provider,
      phoneNumberIds: settings.phoneNumberIds.join(", "),
      agentId: settings.agentId,
      senderNames: settings.senderNames,
      wabaId: settings.wabaId,
      appId: settings.appId,
      accessToken: "",
      appSecret: "",
      verifyToken: "",
      clientToken: "",
      clear: [],
    },
  });
  const formId = `channel-settings-${channel}`;
  const { submit, error } = useSaveAndClose(form, updateChannelSettingsAction, onClose, (data) => ({
    title: `${channelNames[channel]} settings saved`,
    description: `${business.name}: ${data.provider}`,
  }));
  return (
    <FormDialog
      open
      onClose={onClose}
      title={`${channelNames[channel]} settings for ${business.name}`}
      description="Provider, senders and credentials of this channel. Secrets are write-only: they are stored encrypted and never shown again."
      formId={formId}
      onSubmit={submit}
      submitLabel="Save"
      submitting={form.formState.isSubmitting}
      error={error}
    >
      {settings.legacyPlaintext ? (
        <Alert tone="warning">
          Some secrets of this channel are still stored in plain text (saved before encryption). Saving
          encrypts them.
        </Alert>
      ) : null}
      <ProviderField form={form} options={providersByChannel[channel].map((p) => ({ value: p, label: p }))} />
      {channel === "chatapp" ? (
        <>
          <FormField
            form={form}
            name="phoneNumberIds"
            label="Sender phoneNumberIds"
            hint="Meta's phone number ids this business sends from, separated by commas"
            autoComplete="off"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              form={form}
              name="wabaId"
              label="WABA id"
              hint="For template review"
              autoComplete="off"
            />
            <FormField
              form={form}
              name="appId"
              label="App id"
              hint="For template header images"
              autoComplete="off"
            />
          </div>
        </>
      ) : (
        <FormField
          form={form}
          name="agentId"
          label="Agent id"
          hint="The RBM agent this business sends as"
          autoComplete="off"
        />
      )}
      <FormField
        form={form}
        name="senderNames"
        kind="textarea"
        label="Sender names"
        hint={
          channel === "chatapp"
            ? 'One line per sender: id, name, number with country code (e.g. 1234567890, Acme Support, +91 98765 43210). Pickers show "Acme Support (+91 98765 43210)".'
            : "The agent id and the name people know it by (e.g. acme_agent, Acme)"
        }
      />
      <fieldset className="space-y-3 rounded-md p-3 ring-1 ring-slate-200">
        <legend className="px-1 text-sm font-medium text-slate-800">Secrets</legend>
        {secretFields[channel].map((f) => (
          <SecretField key={f.key} form={form} field={f} configured={settings.secrets[f.key] === true} />
        ))}
      </fieldset>
      <WebhookUrl channel={channel} url={settings.webhookUrl} />
    </FormDialog>
  );
}
