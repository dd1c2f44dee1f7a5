"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/field";
import { Icon } from "@/components/ui/icons";
import type { UserDetails } from "@/lib/users/business-user-schemas";
import { setMyStatusAction, startCallAction } from "./actions";

const CHOICES = ["Available", "Busy", "Away"] as const;

/** The signed-in user's status switch and call button. */
export function AgentPanel({ me }: { me: UserDetails }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [callTo, setCallTo] = useState("");
  const [calling, setCalling] = useState(false);
  const inCall = me.userStatus === "InCall";

  async function choose(status: (typeof CHOICES)[number]) {
    setError(null);
    const res = await setMyStatusAction(status);
    if (!res.ok) setError(res.message);
    router.refresh();
  }

  async function call(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setNotice(null);
    setCalling(true);
    const res = await startCallAction(callTo);
    setCalling(false);
    if (!res.ok) setError(res.message);
    else setNotice(`Calling +${res.data.to}: reference ${res.data.callSid}`);
    router.refresh();
  }

  return (
    <Card>
      <CardHeader title="My status" description={`${me.firstName} (${me.emailId})`} />
      <CardBody className="space-y-4">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <div className="flex flex-wrap items-center gap-3">
          <span data-testid="my-status">
            <StatusBadge status={me.userStatus} label={inCall ? "InCall: on a call" : me.userStatus} />
          </span>
          <div
            role="radiogroup"
            aria-label="Set my status"
            className="inline-flex overflow-hidden rounded-md ring-1 ring-slate-300"
          >
            {CHOICES.map((s) => (
              <button
                key={s}
                type="button"
                role="radio"
                aria-checked={me.userStatus === s}
                disabled={inCall}
                onClick={() => choose(s)}
                className={`px-3 py-1.5 text-sm font-medium ${
                  me.userStatus === s
                    ? "bg-indigo-600 text-white"
                    : "bg-white text-slate-700 hover:bg-slate-50"
                } disabled:cursor-not-allowed disabled:opacity-60`}
              >
                {s}
              </button>
            ))}
          </div>
        </div>
        {me.callingEnabled ? (
          <form onSubmit={call} className="flex items-end gap-2">
            <Input
              label="Number to call"
              className="flex-1"
              type="tel"
              placeholder="+919876543210"
              value={callTo}
              onChange={(e) => setCallTo(e.target.value)}
              required
            />
            <Button
              type="submit"
              loading={calling}
              disabled={inCall || !callTo}
              icon={<Icon name="calls" className="size-4" />}
            >
              Call
            </Button>
          </form>
        ) : (
          <p className="text-sm text-slate-600">
            Calling is not enabled for you. Ask an admin to turn it on.
          </p>
        )}
        {notice ? <Alert tone="info">{notice}</Alert> : null}
      </CardBody>
    </Card>
  );
}
