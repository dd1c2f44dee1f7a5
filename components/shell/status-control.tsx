"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { focusRing } from "@/components/ui/cn";
import type { ActionResult } from "@/lib/actions/action-result";

const choices = ["Available", "Busy", "Away"] as const;
const dot: Record<string, string> = {
  Available: "bg-emerald-500",
  Busy: "bg-amber-500",
  Away: "bg-slate-400",
  InCall: "bg-indigo-500",
};

/**
 * The signed-in user's status in the top bar of every page. Away or Busy stops new
 * conversations at once (routing reads the status in the transaction that assigns);
 * Available takes the waiting ones. During a call the status is InCall and stays shown.
 * Labelled "Availability", not "Status": many pages have a Status filter, and two controls
 * named alike on one page leave a screen-reader user (and a test's getByLabel) guessing.
 */
export function StatusControl({
  status,
  setStatus,
}: {
  status: string;
  /** The server action (app/(dashboard)/calls/actions.ts setMyStatusAction), from the layout. */
  setStatus: (status: string) => Promise<ActionResult<{ userStatus: string }>>;
}) {
  const id = useId();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const [shown, setShown] = useState(status);
  const [from, setFrom] = useState(status);
  if (from !== status) {
    // A change from elsewhere (another tab, a supervisor, a call) after a refresh.
    setFrom(status);
    setShown(status);
  }
  return (
    <div className="flex items-center gap-2">
      <span aria-hidden="true" className={`size-2.5 rounded-full ${dot[shown] ?? "bg-slate-400"}`} />
      <label htmlFor={id} className="sr-only sm:not-sr-only sm:text-sm sm:text-slate-700">
        Availability
      </label>
      <select
        id={id}
        value={shown}
        disabled={pending || shown === "InCall"}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const next = e.target.value;
          const before = shown;
          setShown(next);
          setError(null);
          start(async () => {
            const res = await setStatus(next);
            if (!res.ok) {
              setShown(before);
              setError(res.message);
              return;
            }
            router.refresh();
          });
        }}
        className={`rounded-md border border-slate-300 bg-white py-1 pr-7 pl-2 text-sm text-slate-900 ${focusRing}`}
      >
        {shown === "InCall" ? <option value="InCall">In a call</option> : null}
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      {error ? (
        <span id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </div>
  );
}
