"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { NoteInput } from "@/lib/conversations/schemas";
import { addNoteAction } from "./actions";
import { useTextSubmit } from "./use-text-submit";

/** Adds an internal note (never sent to the customer). */
export function NoteForm({ conversationId }: { conversationId: string }) {
  const form = useForm<NoteInput>({ resolver: zodResolver(NoteInput), defaultValues: { text: "" } });
  const submit = useTextSubmit(form, (text) => addNoteAction(conversationId, { text }));
  return (
    <form onSubmit={submit} noValidate aria-label="Add a note" className="space-y-2">
      <FormField
        form={form}
        name="text"
        kind="textarea"
        rows={2}
        label="New note"
        hint="Only your team sees notes"
      />
      <Button type="submit" size="sm" variant="secondary" loading={form.formState.isSubmitting}>
        Add note
      </Button>
    </form>
  );
}
