"use client";

import { useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { ActionResult } from "@/lib/actions/action-result";
import { applyActionErrors } from "./form-field";

/**
 * A form's submit handler for a server action: field errors land on their inputs, the message
 * comes back as `error`, and `onSaved` runs only when the action succeeded.
 */
export function useActionSubmit<TIn extends FieldValues, TOut, R>(
  form: UseFormReturn<TIn, any, TOut>,
  action: (values: TOut) => Promise<ActionResult<R>>,
  onSaved: (data: R) => void,
) {
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const res = await action(values);
    if (!res.ok) {
      setError(applyActionErrors(form, res));
      return;
    }
    onSaved(res.data);
  });
  return { submit, error, setError };
}
