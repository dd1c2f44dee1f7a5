"use client";

import type { FormEventHandler, ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog } from "./dialog";

export type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** The form's id: the footer's submit button sits outside the form and points at it. */
  formId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: ReactNode;
  submitting: boolean;
  /** The action's message, shown above the fields. Leave out to place it yourself. */
  error?: string | null;
  formClassName?: string;
  children: ReactNode;
};

/** A dialog around one form, with Cancel and a submit button that shows progress. */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  formId,
  onSubmit,
  submitLabel,
  submitting,
  error,
  formClassName = "space-y-4",
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={submitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className={formClassName}>
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {children}
      </form>
    </Dialog>
  );
}
