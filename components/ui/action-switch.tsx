"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import type { ActionResult } from "@/lib/actions/action-result";
import { ConfirmDialog } from "./dialog";
import { Switch } from "./field";
import { useToast } from "./toast";

/** Flips on change and flips back if the server refuses, so the switch never lies for long. */
export function useOptimisticToggle(
  initial: boolean,
  save: (next: boolean) => Promise<ActionResult<unknown>>,
) {
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

/** What a confirmation says before a switch is turned off. */
export type SwitchOffConfirmation = { title: string; description: ReactNode; confirmLabel: string };

/**
 * A switch (label hidden) that saves through a server action: a success toast and a refresh
 * when saved, a danger toast with the server's message when refused. `children` renders beside
 * it with the switch's current (optimistic) state. With `confirmOff`, turning it off first asks
 * (what stops); a refusal then stays in that dialog.
 */
export function ActionSwitch({
  label,
  checked,
  save,
  saved,
  failedTitle,
  confirmOff,
  children,
}: {
  label: string;
  checked: boolean;
  save: (next: boolean) => Promise<ActionResult<unknown>>;
  saved: (next: boolean) => { title: string; description?: string };
  failedTitle: string;
  confirmOff?: SwitchOffConfirmation;
  children?: (checked: boolean) => ReactNode;
}) {
  const toast = useToast();
  const router = useRouter();
  const t = useOptimisticToggle(checked, save);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex items-center gap-3">
      <Switch
        label={label}
        hideLabel
        checked={t.checked}
        disabled={t.busy}
        onChange={async (e) => {
          const next = e.currentTarget.checked;
          if (!next && confirmOff) {
            // The switch stays on (it is controlled) until the confirmation says yes.
            setError(null);
            setConfirming(true);
            return;
          }
          const res = await t.toggle(next);
          if (res.ok) {
            toast.show({ tone: "success", ...saved(next) });
            router.refresh();
          } else toast.show({ tone: "danger", title: failedTitle, description: res.message });
        }}
      />
      {children?.(t.checked)}
      {confirmOff ? (
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={confirmOff.title}
          description={confirmOff.description}
          confirmLabel={confirmOff.confirmLabel}
          error={error}
          onConfirm={async () => {
            const res = await t.toggle(false);
            if (!res.ok) return setError(res.message);
            setConfirming(false);
            toast.show({ tone: "success", ...saved(false) });
            router.refresh();
          }}
        />
      ) : null}
    </div>
  );
}
