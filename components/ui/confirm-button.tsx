"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import type { ActionResult } from "@/lib/actions/action-result";
import { Button } from "./button";
import { ConfirmDialog } from "./dialog";
import { useToast } from "./toast";

/**
 * A table row's action that needs a confirmation ("Delete", "Remove"): a ghost button (red for
 * a destructive one, the default), a confirmation that says what changes, then a success toast
 * and the page's data refreshed. A refusal stays in the dialog.
 */
export function ConfirmButton<T>({
  label,
  subject,
  title,
  description,
  confirmLabel,
  run,
  done,
  destructive = true,
}: {
  label: string;
  /** What the row is, read after the label by screen readers ("Delete" + " Spring list"). */
  subject: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  run: () => Promise<ActionResult<T>>;
  /** The success toast's title and description. */
  done: (data: T) => { title: string; description: string };
  /** Red (the default): the action deletes something. */
  destructive?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const router = useRouter();
  const toast = useToast();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={destructive ? "text-red-700 hover:bg-red-50 hover:text-red-800" : undefined}
        onClick={() => setOpen(true)}
      >
        {label}
        <span className="sr-only"> {subject}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        error={error}
        onConfirm={async () => {
          const res = await run();
          if (!res.ok) return setError(res.message);
          setOpen(false);
          toast.show({ tone: "success", ...done(res.data) });
          router.refresh();
        }}
      />
    </>
  );
}
