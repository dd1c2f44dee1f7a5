"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { Checkbox } from "@/components/ui/field";
import { applyActionErrors, FormField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import {
  channelSettingsForm,
  type ChannelSecretKey,
  type ChannelSettingsForm,
  type ChannelSettingsView,
} from "@/lib/businesses/channel-settings-schemas";
import { providersByChannel, type Channel } from "@/lib/businesses/schemas";
import { updateChannelSettingsAction } from "./channel-settings-actions";

type Business = { id: string; name: string };

const channelNames: Record<Channel, string> = { chatapp: "chatapp", rcs: "RCS" };

/** The write-only secrets of each channel: label, and what applies while none is stored. */
const secretFields: Record<Channel, { key: ChannelSecretKey; label: string; fallback: string }[]> = {
  chatapp: [
    {
      key: "accessToken",
      label: "Access token",
      fallback: "While not set, the server's WHATSAPP_ACCESS_TOKEN is used",
    },
    {
      key: "appSecret",
      label: "App secret",
      fallback: "While not set, this business's webhook URL refuses events",
    },
    {
      key: "verifyToken",
      label: "Verify token",
      fallback: "While not set, this business's webhook URL refuses Meta's subscription check",
    },
  ],
  rcs: [
    {
      key: "accessToken",
      label: "Access token",
      fallback: "While not set, the server's RBM_ACCESS_TOKEN is used",
    },
    {
      key: "clientToken",
      label: "Client token",
      fallback: "While not set, this business's webhook URL refuses events",
    },
  ],
};

/** "Settings" beside a channel's switch: opens its provider, senders, secrets and webhook URL. */
export function ChannelSettingsButton({
  business,
  settings,
}: {
  business: Business;
  settings: ChannelSettingsView;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        Settings
        <span className="sr-only">
          {" "}
          of {channelNames[settings.channel]} for {business.name}
        </span>
      </Button>
      {open ? (
        <ChannelSettingsDialog business={business} settings={settings} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function ChannelSettingsDialog({
  business,
  settings,
  onClose,
}: {
  business: Business;
  settings: ChannelSettingsView;
  onClose: () => void;
}) {
  const router = useRouter();
  const toast = useToast();
  const channel = settings.channel;
  const form = useForm<ChannelSettingsForm>({
    resolver: zodResolver(channelSettingsForm),
    defaultValues: {
      businessId: business.id,
      channel,
      provider: settings.provider,
      phoneNumberIds: settings.phoneNumberIds.join(", "),
      agentId: settings.agentId,
      wabaId: settings.wabaId,
      appId: settings.appId,
      accessToken: "",
      appSecret: "",
      verifyToken: "",
      clientToken: "",
      clear: [],
    },
  });
  const [error, setError] = useState<string | null>(null);
  const formId = `channel-settings-${channel}`;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const res = await updateChannelSettingsAction(values);
    if (!res.ok) {
      setError(applyActionErrors(form, res));
      return;
    }
    toast.show({
      tone: "success",
      title: `${channelNames[channel]} settings saved`,
      description: `${business.name}: ${res.data.provider}`,
    });
    onClose();
    router.refresh();
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${channelNames[channel]} settings for ${business.name}`}
      description="Provider, senders and credentials of this channel. Secrets are write-only: they are stored encrypted and never shown again."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={form.formState.isSubmitting}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {settings.legacyPlaintext ? (
          <Alert tone="warning">
            Some secrets of this channel are still stored in plain text (saved before encryption). Saving
            encrypts them.
          </Alert>
        ) : null}
        <FormField
          form={form}
          name="provider"
          kind="select"
          label="Provider"
          required
          options={providersByChannel[channel].map((p) => ({ value: p, label: p }))}
        />
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
        <fieldset className="space-y-3 rounded-md p-3 ring-1 ring-slate-200">
          <legend className="px-1 text-sm font-medium text-slate-800">Secrets</legend>
          {secretFields[channel].map((f) => (
            <SecretField key={f.key} form={form} field={f} configured={settings.secrets[f.key] === true} />
          ))}
        </fieldset>
        <WebhookUrl channel={channel} url={settings.webhookUrl} />
      </form>
    </Dialog>
  );
}

/** A write-only secret: "Configured" or "Not set", a blank input that replaces it, and removal. */
function SecretField({
  form,
  field,
  configured,
}: {
  form: UseFormReturn<ChannelSettingsForm>;
  field: { key: ChannelSecretKey; label: string; fallback: string };
  configured: boolean;
}) {
  const clear = useWatch({ control: form.control, name: "clear" }) ?? [];
  const removing = clear.includes(field.key);
  return (
    <div className="space-y-2">
      <FormField
        form={form}
        name={field.key}
        type="password"
        autoComplete="new-password"
        disabled={removing}
        label={
          <span className="inline-flex items-center gap-2">
            {field.label}
            <Badge tone={configured ? "success" : "neutral"} dot>
              {configured ? "Configured" : "Not set"}
            </Badge>
          </span>
        }
        placeholder={configured ? "Stored; type to replace it" : "Type to set it"}
        hint={configured ? "Leave blank to keep the stored value" : field.fallback}
      />
      {configured ? (
        <Checkbox
          label={`Remove the stored ${field.label.toLowerCase()}`}
          checked={removing}
          onChange={(e) => {
            const next = e.currentTarget.checked
              ? [...clear, field.key]
              : clear.filter((k: ChannelSecretKey) => k !== field.key);
            form.setValue("clear", next, { shouldDirty: true });
            if (e.currentTarget.checked) form.setValue(field.key, "");
          }}
        />
      ) : null}
    </div>
  );
}

/** The URL to paste into the provider's console, for a business that has its own app / agent. */
function WebhookUrl({ channel, url }: { channel: Channel; url: string }) {
  return (
    <section className="space-y-2 rounded-md bg-slate-50 p-3" aria-labelledby={`webhook-url-${channel}`}>
      <h3 id={`webhook-url-${channel}`} className="text-sm font-medium text-slate-800">
        Webhook URL of this business
      </h3>
      <div className="flex items-start gap-2">
        <code className="min-w-0 flex-1 font-mono text-xs break-all text-slate-700" data-testid="webhook-url">
          {url}
        </code>
        <CopyButton value={url} label="Copy URL" />
      </div>
      <p className="text-xs text-slate-600">
        {channel === "chatapp"
          ? "In the business's own Meta app: WhatsApp > Configuration > Webhook: this callback URL and the verify token above; subscribe to messages and message_template_status_update. Events are checked with the app secret above. A platform-owned app shared by all businesses uses /api/webhooks/whatsapp and the server's WHATSAPP_APP_SECRET instead."
          : "In the Business Communications Developer Console: the agent's webhook URL, with the client token above. Businesses sharing the platform's partner webhook use /api/webhooks/rbm and the server's RBM_CLIENT_TOKEN instead."}
      </p>
    </section>
  );
}
