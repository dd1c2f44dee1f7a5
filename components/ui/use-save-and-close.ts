"use client";

import { useRouter } from "next/navigation";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { ActionResult } from "@/lib/actions/action-result";
import { useToast } from "./toast";
import { useActionSubmit } from "./use-action-submit";

/**
 * The submit of a dialog's form (see useActionSubmit) that, once the action succeeded, says
 * what was saved in a success toast, closes the dialog and reads the page's data again.
 */
export function useSaveAndClose<TIn extends FieldValues, TOut, R>(
  form: UseFormReturn<TIn, any, TOut>,
  action: (values: TOut) => Promise<ActionResult<R>>,
  onClose: () => void,
  saved: (data: R) => { title: string; description?: string },
) {
  const router = useRouter();
  const toast = useToast();
  return useActionSubmit(form, action, (data) => {
    toast.show({ tone: "success", ...saved(data) });
    onClose();
    router.refresh();
  });
}
