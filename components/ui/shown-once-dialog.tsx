"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog, type DialogProps } from "./dialog";

/**
 * Hands over secrets shown once (see useShownOnce): neither Escape nor a click outside
 * closes it, only its one button, which says the secrets were kept.
 */
export function ShownOnceDialog({
  doneLabel,
  children,
  ...dialog
}: Omit<DialogProps, "footer" | "dismissible"> & { doneLabel: ReactNode }) {
  return (
    <Dialog
      {...dialog}
      dismissible={false}
      footer={
        <Button onClick={dialog.onClose} autoFocus>
          {doneLabel}
        </Button>
      }
    >
      <div className="space-y-4">{children}</div>
    </Dialog>
  );
}
