"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { ActionResult } from "@/lib/actions/action-result";
import { useActionSubmit } from "./use-action-submit";

/**
 * A create dialog whose result carries secrets shown once (a new API key, a first admin's
 * password): the submit (see useActionSubmit) keeps the result in this state only, and
 * `close` drops it and the error, resets the form, closes the dialog and reads the page's
 * data again.
 */
export function useShownOnce<TIn extends FieldValues, TOut, R>(
  form: UseFormReturn<TIn, any, TOut>,
  action: (values: TOut) => Promise<ActionResult<R>>,
  onClose: () => void,
) {
  const router = useRouter();
  const [created, setCreated] = useState<R | null>(null);
  const { submit, error, setError } = useActionSubmit(form, action, setCreated);
  function close() {
    setCreated(null);
    setError(null);
    form.reset();
    onClose();
    router.refresh();
  }
  return { created, submit, error, close };
}
