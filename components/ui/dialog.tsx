"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "./button";
import { cn, focusRing } from "./cn";
import { Icon } from "./icons";

export type DialogProps = {
  open: boolean;
  /** Called on Escape, the close button, or a click on the backdrop (unless `dismissible` is false). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  /** false: only an explicit button closes it (e.g. a secret shown once). */
  dismissible?: boolean;
  size?: "sm" | "md" | "lg";
};

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" };

const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';
const FOCUSABLE = `${FIELD}, button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])`;

function initialFocus(d: HTMLDialogElement): HTMLElement | null {
  const body = d.querySelectorAll<HTMLElement>("[data-dialog-body], [data-dialog-footer]");
  const within = (sel: string) =>
    Array.from(body)
      .map((b) => b.querySelector<HTMLElement>(sel))
      .find(Boolean) ?? null;
  return (
    d.querySelector<HTMLElement>("[data-autofocus]") ??
    within(FIELD) ??
    within(FOCUSABLE) ??
    d.querySelector<HTMLElement>(FOCUSABLE)
  );
}

/**
 * A modal on the native <dialog> element: the browser traps focus, makes the page inert and
 * handles Escape. Focus goes to the control marked `data-autofocus`, else the first form field,
 * else the first button of the body or footer (the close button last), and returns to the
 * element that opened the dialog when it closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  dismissible = true,
  size = "md",
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement as HTMLElement | null;
      d.showModal();
      // showModal() focuses the first focusable element, which is the close button; React's
      // autoFocus is not an attribute the browser sees. Pick the intended control ourselves.
      initialFocus(d)?.focus();
    } else if (!open && d.open) {
      d.close();
      opener.current?.focus?.();
    }
  }, [open]);

  useEffect(() => {
    const d = ref.current;
    return () => {
      if (d?.open) d.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onCancel={(e) => {
        // Escape: keep the element open and let the owner decide (it may not be dismissible).
        e.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(e) => {
        if (dismissible && e.target === ref.current) onClose();
      }}
      className={cn(
        "m-auto w-[calc(100%-2rem)] rounded-xl bg-white p-0 text-slate-900 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40",
        widths[size],
      )}
    >
      {open ? (
        <div className="flex flex-col">
          <div className="flex items-start justify-between gap-4 px-6 pt-5">
            <div className="space-y-1">
              <h2 id={titleId} className="text-base font-semibold text-slate-900">
                {title}
              </h2>
              {description ? (
                <div id={descId} className="text-sm text-slate-600">
                  {description}
                </div>
              ) : null}
            </div>
            {dismissible ? (
              <button
                type="button"
                onClick={onClose}
                className={cn("-mt-1 -mr-2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100", focusRing)}
              >
                <Icon name="x" className="size-5" aria-label="Close" />
              </button>
            ) : null}
          </div>
          {children ? (
            <div data-dialog-body className="px-6 pt-4">
              {children}
            </div>
          ) : null}
          <div
            data-dialog-footer
            className="mt-6 flex flex-wrap justify-end gap-2 rounded-b-xl border-t border-slate-200 bg-slate-50 px-6 py-3"
          >
            {footer}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/** "Are you sure?" with a confirm button that shows progress while `onConfirm` runs. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  tone = "danger",
  onConfirm,
  error,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  tone?: "danger" | "primary";
  onConfirm: () => Promise<void> | void;
  /** A message to show when the action failed. */
  error?: string | null;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      title={title}
      description={description}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy} data-autofocus>
            Cancel
          </Button>
          <Button
            variant={tone}
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
              }
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
