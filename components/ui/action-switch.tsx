"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import type { ActionResult } from "@/lib/actions/action-result";
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

/**
 * A switch (label hidden) that saves through a server action: a success toast and a refresh
 * when saved, a danger toast with the server's message when refused. `children` renders beside
 * it with the switch's current (optimistic) state.
 */
export function ActionSwitch({
  label,
  checked,
  save,
  saved,
  failedTitle,
  children,
}: {
  label: string;
  checked: boolean;
  save: (next: boolean) => Promise<ActionResult<unknown>>;
  saved: (next: boolean) => { title: string; description?: string };
  failedTitle: string;
  children?: (checked: boolean) => ReactNode;
}) {
  const toast = useToast();
  const router = useRouter();
  const t = useOptimisticToggle(checked, save);
  return (
    <div className="flex items-center gap-3">
      <Switch
        label={label}
        hideLabel
        checked={t.checked}
        disabled={t.busy}
        onChange={async (e) => {
          const next = e.currentTarget.checked;
          const res = await t.toggle(next);
          if (res.ok) {
            toast.show({ tone: "success", ...saved(next) });
            router.refresh();
          } else toast.show({ tone: "danger", title: failedTitle, description: res.message });
        }}
      />
      {children?.(t.checked)}
    </div>
  );
}
