"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/field";
import { applyActionErrors } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import type { SenderRateView } from "@/lib/messages/dispatch/list-sender-rates";
import { MAX_SENDER_RATE, senderRateForm } from "@/lib/messages/dispatch/sender-rate-schemas";
import { setSenderRateAction } from "./actions";

type Business = { id: string; name: string; senders: SenderRateView[]; defaultSenderRate: number };

const channelLabel = (s: SenderRateView) =>
  s.channel === "chatapp" ? "chatapp" : s.channel === "rcs" ? "RCS agent" : "no longer a sender";

/** The business's senders with the rate each is dispatched at, and a button to change them. */
export function SenderRatesCell({ business }: { business: Business }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col items-start gap-1 text-sm">
      <ul className="space-y-1" data-testid={`senders-${business.id}`}>
        {business.senders.map((s) => (
          <li
            key={`${s.channel ?? "stale"}|${s.sender}`}
            className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5"
          >
            {/* Ids are also in the Channels column: cut long ones, and let the rate and its
                badge wrap under the id, so the table fits 1,280 px without scrolling. */}
            <code className="max-w-[8rem] truncate font-mono text-xs text-slate-500" title={s.sender}>
              {s.sender}
            </code>
            <span className="font-medium whitespace-nowrap text-slate-900">{s.perSecond}/s</span>
            {s.isDefault ? <Badge tone="neutral">default</Badge> : null}
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="sm" className="-ml-2" onClick={() => setOpen(true)}>
        Configure<span className="sr-only"> dispatch rates for {business.name}</span>
      </Button>
      {open ? <SenderRatesDialog business={business} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function SenderRatesDialog({ business, onClose }: { business: Business; onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Dispatch rates for ${business.name}`}
      description={`Messages per second each sender is dispatched at: 1 to ${MAX_SENDER_RATE.toLocaleString("en-US")} (Meta's throughput tiers), or empty for the default of ${business.defaultSenderRate}/s. Set what the provider granted the number; workers in other processes pick a change up within about 2 seconds.`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {business.senders.length === 0 ? (
        <Alert tone="info">This business has no phoneNumberId and no RCS agent id yet.</Alert>
      ) : (
        <ul className="space-y-4">
          {business.senders.map((s) => (
            <li key={`${s.channel ?? "stale"}|${s.sender}`}>
              <SenderRateForm businessId={business.id} sender={s} defaultRate={business.defaultSenderRate} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/** One sender's rate: a whole number, or empty / "default" to go back to the default. */
function SenderRateForm({
  businessId,
  sender,
  defaultRate,
}: {
  businessId: string;
  sender: SenderRateView;
  defaultRate: number;
}) {
  const router = useRouter();
  const toast = useToast();
  // A number and the agent may share an id: each form names its own channel (none when stale).
  const channel = sender.channel ?? undefined;
  const form = useForm({
    resolver: zodResolver(senderRateForm),
    defaultValues: {
      businessId,
      sender: sender.sender,
      channel,
      perSecond: sender.isDefault ? "" : String(sender.perSecond),
    },
  });
  const [error, setError] = useState<string | null>(null);
  const stale = sender.channel === null;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const res = await setSenderRateAction(values);
    if (!res.ok) {
      setError(applyActionErrors(form, res));
      return;
    }
    form.reset({
      businessId,
      sender: sender.sender,
      channel,
      perSecond: res.data.isDefault ? "" : String(res.data.perSecond),
    });
    toast.show({
      tone: "success",
      title: "Dispatch rate saved",
      description: res.data.isDefault
        ? `${res.data.sender}: the default, ${res.data.perSecond} messages/s`
        : `${res.data.sender}: ${res.data.perSecond} messages/s`,
    });
    router.refresh();
  });
  const hint = stale
    ? "Not on this business's channels any more: only removing its limit is possible"
    : sender.isDefault
      ? `${channelLabel(sender)}: default (${defaultRate}/s)`
      : `${channelLabel(sender)}: own limit, ${sender.perSecond}/s`;
  return (
    <form onSubmit={submit} noValidate aria-label={`Dispatch rate of ${sender.sender}`} className="space-y-2">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div className="flex items-start gap-2">
        <Input
          className="flex-1"
          label={
            <>
              <span className="font-mono">{sender.sender}</span>
              <span className="sr-only"> messages per second</span>
            </>
          }
          hint={hint}
          error={form.formState.errors.perSecond?.message}
          inputMode="numeric"
          autoComplete="off"
          placeholder={`default (${defaultRate})`}
          readOnly={stale}
          {...form.register("perSecond")}
        />
        {stale ? (
          <Button
            type="button"
            variant="secondary"
            className="mt-6.5"
            loading={form.formState.isSubmitting}
            onClick={() => {
              form.setValue("perSecond", "");
              void submit();
            }}
          >
            Remove limit
          </Button>
        ) : (
          <Button type="submit" variant="secondary" className="mt-6.5" loading={form.formState.isSubmitting}>
            Save<span className="sr-only"> the rate of {sender.sender}</span>
          </Button>
        )}
      </div>
    </form>
  );
}
