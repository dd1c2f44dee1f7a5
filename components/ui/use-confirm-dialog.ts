"use client";

import { useState } from "react";

/**
 * A ConfirmDialog's state: whether it is open, and the message of an action that failed.
 * Spread `dialog` on the ConfirmDialog: closing it (Cancel, Escape) also clears the message.
 */
export function useConfirmDialog() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onClose = () => {
    setOpen(false);
    setError(null);
  };
  return { setOpen, setError, dialog: { open, error, onClose } };
}
