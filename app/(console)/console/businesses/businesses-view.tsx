"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Switch } from "@/components/ui/field";
import { applyActionErrors, FormField } from "@/components/ui/form-field";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import type { ChannelSettingsView } from "@/lib/businesses/channel-settings-schemas";
import type { CountryOption } from "@/lib/businesses/country-options";
import { createBusinessInput, type BusinessView, type Channel } from "@/lib/businesses/schemas";
import { callingSettingsForm, type CallingSettingsView } from "@/lib/calls/schemas";
import type { SenderRateView } from "@/lib/messages/list-sender-rates";
import {
  createBusinessAction,
  setBusinessEnabledAction,
  setCallingSettingsAction,
  setChannelAction,
} from "./actions";
import { ChannelSettingsButton } from "./channel-settings";
import { SenderRatesCell } from "./sender-rates";

export type BusinessRow = BusinessView & {
  calling: CallingSettingsView;
  senders: SenderRateView[];
  defaultSenderRate: number;
  /** Provider, senders, secrets (as configured or not) and webhook URL of each channel. */
  channelSettings: ChannelSettingsView[];
};
type Row = BusinessRow;
const col = dataTableColumns<Row>();

const channelNames: Record<Channel, string> = { chatapp: "chatapp", rcs: "RCS" };

const columns = col.columns([
  // Name and id in one column (both searchable); the id is what the API paths need.
  col.accessor((r) => `${r.name} ${r.id}`, {
    id: "name",
    header: "Business",
    sortFn: "text",
    cell: (c) => (
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{c.row.original.name}</p>
        <div className="mt-0.5 flex items-center gap-0.5">
          <code className="font-mono text-xs whitespace-nowrap text-slate-500">{c.row.original.id}</code>
          <CopyButton
            value={c.row.original.id}
            label={`Copy the ID of ${c.row.original.name}`}
            variant="ghost"
            iconOnly
          />
        </div>
        <p className="text-xs text-slate-500">
          Default country: {c.row.original.defaultCountry ?? "none (numbers need their country code)"}
        </p>
      </div>
    ),
  }),
  col.accessor("createdAt", {
    header: "Created",
    sortFn: "datetime",
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  }),
  col.display({
    id: "channels",
    header: "Channels",
    cell: (c) => (
      <div className="flex flex-col gap-2">
        {c.row.original.channels.map((ch) => {
          const settings = c.row.original.channelSettings.find((s) => s.channel === ch.channel);
          return (
            <div key={ch.channel} className="flex items-center gap-1">
              <ChannelToggle
                businessId={c.row.original.id}
                businessName={c.row.original.name}
                channel={ch.channel}
                provider={ch.provider}
                enabled={ch.enabled}
                detail={ch.channel === "chatapp" ? ch.phoneNumberIds.join(", ") : (ch.agentId ?? "")}
              />
              {settings ? <ChannelSettingsButton business={c.row.original} settings={settings} /> : null}
            </div>
          );
        })}
      </div>
    ),
  }),
  col.display({
    id: "senders",
    header: "Dispatch rate",
    cell: (c) => <SenderRatesCell business={c.row.original} />,
  }),
  col.display({
    id: "calling",
    header: "Calling",
    cell: (c) => <CallingCell business={c.row.original} />,
  }),
  col.accessor("enabled", {
    header: "Status",
    cell: (c) => (
      <BusinessToggle
        businessId={c.row.original.id}
        businessName={c.row.original.name}
        enabled={c.getValue()}
      />
    ),
  }),
]);

export function BusinessesView({
  businesses,
  countries,
}: {
  businesses: BusinessRow[];
  countries: CountryOption[];
}) {
  const [creating, setCreating] = useState(false);
  const createButton = (
    <Button onClick={() => setCreating(true)} icon={<Icon name="plus" className="size-4" />}>
      Create business
    </Button>
  );
  const data = useMemo(() => businesses, [businesses]);
  return (
    <>
      <DataTable
        label="Businesses"
        columns={columns}
        data={data}
        getRowId={(r) => r.id}
        initialSort={[{ id: "createdAt", desc: true }]}
        searchPlaceholder="Search by name or ID"
        toolbar={createButton}
        empty={
          <EmptyState
            icon={<Icon name="building" />}
            title="No businesses yet"
            description="Create a business to give a customer their own channels, users and API keys."
            action={createButton}
          />
        }
      />
      <CreateBusinessDialog open={creating} onClose={() => setCreating(false)} countries={countries} />
    </>
  );
}

/** Flips on change and flips back if the server refuses, so the switch never lies for long. */
function useToggle(initial: boolean, save: (next: boolean) => Promise<{ ok: boolean; message?: string }>) {
  const [checked, setChecked] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [seen, setSeen] = useState(initial);
  if (initial !== seen) {
    // The server's value changed (refresh): adopt it.
    setSeen(initial);
    setChecked(initial);
  }
  async function toggle(next: boolean) {
    setChecked(next);
    setBusy(true);
    const res = await save(next);
    setBusy(false);
    if (!res.ok) setChecked(!next);
    return res;
  }
  return { checked, busy, toggle };
}

function ChannelToggle(props: {
  businessId: string;
  businessName: string;
  channel: Channel;
  provider: string;
  enabled: boolean;
  detail: string;
}) {
  const toast = useToast();
  const router = useRouter();
  const t = useToggle(props.enabled, (enabled) =>
    setChannelAction({ businessId: props.businessId, channel: props.channel, enabled }),
  );
  return (
    <div className="flex items-center gap-3">
      <Switch
        label={`${channelNames[props.channel]} for ${props.businessName}`}
        hideLabel
        checked={t.checked}
        disabled={t.busy}
        onChange={async (e) => {
          const next = e.currentTarget.checked;
          const res = await t.toggle(next);
          if (res.ok) {
            toast.show({
              tone: "success",
              title: `${channelNames[props.channel]} ${next ? "enabled" : "disabled"}`,
              description: props.businessName,
            });
            router.refresh();
          } else
            toast.show({ tone: "danger", title: "Could not change the channel", description: res.message });
        }}
      />
      <span className="text-sm">
        <span className="font-medium text-slate-900">{channelNames[props.channel]}</span>{" "}
        <Badge tone={props.provider === "simulator" ? "accent" : "info"}>{props.provider}</Badge>
        {props.detail ? <span className="ml-2 font-mono text-xs text-slate-500">{props.detail}</span> : null}
      </span>
    </div>
  );
}

function BusinessToggle({
  businessId,
  businessName,
  enabled,
}: {
  businessId: string;
  businessName: string;
  enabled: boolean;
}) {
  const toast = useToast();
  const router = useRouter();
  const t = useToggle(enabled, (next) => setBusinessEnabledAction({ businessId, enabled: next }));
  return (
    <div className="flex items-center gap-3">
      <Switch
        label={`${businessName} enabled`}
        hideLabel
        checked={t.checked}
        disabled={t.busy}
        onChange={async (e) => {
          const next = e.currentTarget.checked;
          const res = await t.toggle(next);
          if (res.ok) {
            toast.show({ tone: "success", title: `${businessName} ${next ? "enabled" : "disabled"}` });
            router.refresh();
          } else
            toast.show({ tone: "danger", title: "Could not change the business", description: res.message });
        }}
      />
      <Badge tone={t.checked ? "success" : "neutral"} dot>
        {t.checked ? "Enabled" : "Disabled"}
      </Badge>
    </div>
  );
}

function CreateBusinessDialog({
  open,
  onClose,
  countries,
}: {
  open: boolean;
  onClose: () => void;
  countries: CountryOption[];
}) {
  const router = useRouter();
  const toast = useToast();
  const form = useForm({
    resolver: zodResolver(createBusinessInput),
    defaultValues: { name: "", defaultCountry: "", chatappEnabled: true, rcsEnabled: true },
  });
  const [error, setError] = useState<string | null>(null);
  function close() {
    setError(null);
    form.reset();
    onClose();
  }
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const res = await createBusinessAction(values);
    if (!res.ok) {
      setError(applyActionErrors(form, res));
      return;
    }
    toast.show({ tone: "success", title: "Business created", description: res.data.name });
    close();
    router.refresh();
  });
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create business"
      description="Both channels start on the simulator, so the business can send test messages at once."
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="create-business" loading={form.formState.isSubmitting}>
            Create business
          </Button>
        </>
      }
    >
      <form id="create-business" onSubmit={submit} noValidate className="space-y-5">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <FormField form={form} name="name" label="Name" placeholder="e.g. Acme Retail" autoFocus required />
        <FormField
          form={form}
          name="defaultCountry"
          kind="select"
          label="Default country"
          placeholder="None: numbers need their country code"
          options={countries}
          hint="How national phone numbers its people type are read (users, calls, profiles, filters). Its admins can change it under Settings."
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">Channels</legend>
          <FormField
            form={form}
            name="chatappEnabled"
            kind="switch"
            label="chatapp"
            hint="WhatsApp Business templates"
          />
          <FormField
            form={form}
            name="rcsEnabled"
            kind="switch"
            label="RCS"
            hint="Rich messages to Android phones"
          />
        </fieldset>
      </form>
    </Dialog>
  );
}

const providerNames: Record<CallingSettingsView["provider"], string> = {
  simulator: "Simulator",
  exotel: "Exotel",
};

/** The business's calling provider and registered number, with a button to change them. */
function CallingCell({ business }: { business: Row }) {
  const [open, setOpen] = useState(false);
  const c = business.calling;
  return (
    <div className="flex flex-col items-start gap-1 text-sm">
      <div className="space-y-1" data-testid={`calling-${business.id}`}>
        <div className="flex items-center gap-1.5">
          <Badge tone={c.provider === "simulator" ? "accent" : "info"}>{c.provider}</Badge>
          <Badge tone={c.enabled ? "success" : "neutral"} dot>
            {c.enabled ? "On" : "Off"}
          </Badge>
        </div>
        <p className="font-mono text-xs whitespace-nowrap text-slate-500">+{c.callerId}</p>
      </div>
      <Button variant="ghost" size="sm" className="-ml-2" onClick={() => setOpen(true)}>
        Configure<span className="sr-only"> calling for {business.name}</span>
      </Button>
      {open ? <CallingDialog business={business} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function CallingDialog({ business, onClose }: { business: Row; onClose: () => void }) {
  const router = useRouter();
  const toast = useToast();
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
  const [error, setError] = useState<string | null>(null);
  const provider = useWatch({ control: form.control, name: "provider" });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const res = await setCallingSettingsAction(values);
    if (!res.ok) {
      setError(applyActionErrors(form, res));
      return;
    }
    toast.show({
      tone: "success",
      title: "Calling settings saved",
      description: `${business.name}: ${providerNames[res.data.provider]}, +${res.data.callerId}`,
    });
    onClose();
    router.refresh();
  });
  const keep = (set: boolean) => (set ? "Stored; leave blank to keep it" : undefined);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Calling for ${business.name}`}
      description="Outbound calls (G9) come from the registered number through this provider. Agents also need calling enabled on their user."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="calling-settings" loading={form.formState.isSubmitting}>
            Save
          </Button>
        </>
      }
    >
      <form id="calling-settings" onSubmit={submit} noValidate className="space-y-4">
        {error ? <Alert tone="danger">{error}</Alert> : null}
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
        <FormField
          form={form}
          name="provider"
          kind="select"
          label="Provider"
          required
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
      </form>
    </Dialog>
  );
}
