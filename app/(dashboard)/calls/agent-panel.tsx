"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { UserStatusBadge } from "@/components/people/user-status-badge";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn, focusRing } from "@/components/ui/cn";
import { Input } from "@/components/ui/field";
import { Icon } from "@/components/ui/icons";
import type { LiveCall } from "@/lib/calls/find-live-call";
import type { UserDetails } from "@/lib/users/business-user-schemas";
import { setMyStatusAction, startCallAction } from "./actions";

const CHOICES = ["Available", "Busy", "Away"] as const;
type Choice = (typeof CHOICES)[number];

/**
 * The signed-in user's status switch and call button. The "Calling…" banner follows the
 * server's `liveCall` (the user's call not ended yet): it goes when the call ends. The call
 * just placed shows until the page's first refresh after it lands.
 */
export function AgentPanel({
  me,
  liveCall,
  isAgent,
}: {
  me: UserDetails;
  liveCall: LiveCall | null;
  isAgent: boolean;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [callError, setCallError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<{ to: string; callSid: string } | null>(null);
  const [refreshing, startRefresh] = useTransition();
  const [callTo, setCallTo] = useState("");
  const [calling, setCalling] = useState(false);
  const [saving, setSaving] = useState<Choice | null>(null);
  const radios = useRef<(HTMLButtonElement | null)[]>([]);
  const inCall = me.userStatus === "InCall";
  // While a change is on its way, show the choice at once (the server answer follows).
  const current = saving ?? me.userStatus;

  async function choose(status: Choice) {
    if (status === current || saving) return;
    setError(null);
    setSaving(status);
    const res = await setMyStatusAction(status);
    if (!res.ok) setError(res.message);
    router.refresh();
    setSaving(null);
  }

  // WAI-ARIA radio group: arrow keys move the focus and select; Tab leaves the group.
  function onKeyDown(e: React.KeyboardEvent, i: number) {
    const step =
      e.key === "ArrowRight" || e.key === "ArrowDown"
        ? 1
        : e.key === "ArrowLeft" || e.key === "ArrowUp"
          ? -1
          : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = (i + step + CHOICES.length) % CHOICES.length;
    radios.current[next]?.focus();
    void choose(CHOICES[next]!);
  }

  async function call(e: React.FormEvent) {
    e.preventDefault();
    setCallError(null);
    setPlaced(null);
    setCalling(true);
    const res = await startCallAction(callTo);
    setCalling(false);
    if (!res.ok) setCallError(res.message.replace(/^call_to: /, ""));
    else setPlaced({ to: res.data.to, callSid: res.data.callSid });
    startRefresh(() => router.refresh());
  }

  const banner = liveCall ?? (refreshing ? placed : null);

  const focusable = CHOICES.includes(current as Choice) ? current : CHOICES[0];
  return (
    <Card>
      <CardHeader title="My status" description={`${me.firstName} (${me.emailId})`} />
      <CardBody className="space-y-4">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <div className="flex flex-wrap items-center gap-3">
          <span data-testid="my-status">
            <UserStatusBadge status={me.userStatus} />
          </span>
          <div
            role="radiogroup"
            aria-label="Set my status"
            aria-disabled={inCall || undefined}
            className="inline-flex overflow-hidden rounded-md ring-1 ring-slate-300"
          >
            {CHOICES.map((s, i) => (
              <button
                key={s}
                ref={(el) => {
                  radios.current[i] = el;
                }}
                type="button"
                role="radio"
                aria-checked={current === s}
                tabIndex={s === focusable ? 0 : -1}
                disabled={inCall}
                onClick={() => choose(s)}
                onKeyDown={(e) => onKeyDown(e, i)}
                className={cn(
                  "px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60",
                  focusRing,
                  current === s ? "bg-indigo-600 text-white" : "bg-white text-slate-700 hover:bg-slate-50",
                )}
              >
                {s}
              </button>
            ))}
          </div>
        </div>
        {inCall ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            You are on a call. Your status goes back to what it was when the call ends.
          </p>
        ) : null}
        {me.callingEnabled ? (
          <form onSubmit={call} noValidate className="flex items-start gap-2">
            <Input
              label="Number to call"
              className="flex-1"
              type="tel"
              placeholder="+919876543210"
              hint="With the country code; national numbers use your business number's country"
              value={callTo}
              onChange={(e) => setCallTo(e.target.value)}
              error={callError ?? undefined}
              required
            />
            <Button
              type="submit"
              className="mt-6"
              loading={calling}
              disabled={inCall || !callTo.trim()}
              icon={<Icon name="calls" className="size-4" />}
            >
              Call
            </Button>
          </form>
        ) : (
          <p className="text-sm text-slate-600">
            {isAgent
              ? "Calling is not enabled for you. Ask an admin to turn it on."
              : "Calling is not enabled for your user. Another admin can turn it on under Users & Teams."}
          </p>
        )}
        {banner ? (
          <Alert tone="info">
            <span data-testid="calling-banner">
              Calling +{banner.to}: reference {banner.callSid}
            </span>
          </Alert>
        ) : null}
      </CardBody>
    </Card>
  );
}
