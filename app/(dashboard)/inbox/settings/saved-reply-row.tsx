"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { SavedReplyInput, type SavedReply } from "@/lib/conversations/saved-reply-schema";
import { deleteSavedReplyAction, updateSavedReplyAction } from "./actions";

/** One saved reply: its /name and text, edited in place (Save, Cancel or Escape) or deleted. */
export function SavedReplyRow({ reply }: { reply: SavedReply }) {
  const [editing, setEditing] = useState(false);
  const router = useRouter();
  const toast = useToast();
  const form = useForm({
    resolver: zodResolver(SavedReplyInput),
    defaultValues: { name: reply.name, text: reply.text },
  });
  const { submit, error, setError } = useActionSubmit(
    form,
    (values) => updateSavedReplyAction(reply.id, values),
    (saved) => {
      toast.show({ tone: "success", title: "Saved reply updated", description: `/${saved.name}` });
      setEditing(false);
      router.refresh();
    },
  );
  const cancel = () => {
    form.reset({ name: reply.name, text: reply.text });
    setError(null);
    setEditing(false);
  };
  if (editing)
    return (
      <li className="p-2">
        <form
          onSubmit={submit}
          noValidate
          aria-label={`Edit the saved reply /${reply.name}`}
          className="space-y-3"
          onKeyDown={(e) => {
            if (e.key === "Escape") cancel();
          }}
        >
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <FormField
            form={form}
            name="name"
            label="Name"
            hint="Typed as /name: letters, digits, - or _"
            autoFocus
          />
          <FormField form={form} name="text" kind="textarea" rows={3} label="Reply text" />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" loading={form.formState.isSubmitting}>
              Save
            </Button>
            <Button type="button" size="sm" variant="secondary" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </form>
      </li>
    );
  return (
    <li className="flex items-start justify-between gap-3 p-2 text-sm">
      <span className="min-w-0">
        <span className="font-mono font-medium text-slate-900">/{reply.name}</span>
        <span className="block break-words whitespace-pre-wrap text-slate-700">{reply.text}</span>
      </span>
      <span className="flex shrink-0 flex-wrap justify-end gap-1">
        <Button
          type="button"
          size="sm"
          variant="secondary"
          aria-label={`Edit /${reply.name}`}
          onClick={() => setEditing(true)}
        >
          Edit
        </Button>
        <ConfirmButton
          label="Delete"
          subject={`/${reply.name}`}
          title={`Delete the saved reply /${reply.name}?`}
          description="Agents can no longer insert it. Messages already sent stay as they are."
          confirmLabel="Delete"
          run={() => deleteSavedReplyAction(reply.id)}
          done={() => ({ title: "Saved reply deleted", description: `/${reply.name}` })}
        />
      </span>
    </li>
  );
}
