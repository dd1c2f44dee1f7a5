"use client";

import { useRouter } from "next/navigation";
import type { UseFormReturn } from "react-hook-form";
import type { ActionResult } from "@/lib/actions/action-result";

/**
 * The submit of a one-box text form (a reply, a note): runs the action with the text; a refusal
 * lands on the box, a success empties it and refreshes the conversation.
 */
export function useTextSubmit(
  form: UseFormReturn<{ text: string }, any, any>,
  run: (text: string) => Promise<ActionResult<unknown>>,
) {
  const router = useRouter();
  return form.handleSubmit(async ({ text }) => {
    const res = await run(text);
    if (!res.ok) {
      form.setError("text", { type: "server", message: res.fieldErrors[0]?.message ?? res.message });
      return;
    }
    form.reset({ text: "" });
    router.refresh();
  });
}
