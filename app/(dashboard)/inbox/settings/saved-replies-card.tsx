"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { SavedReplyInput, type SavedReply } from "@/lib/conversations/saved-reply-schema";
import { createSavedReplyAction } from "./actions";
import { SavedReplyRow } from "./saved-reply-row";

/** The business's saved replies: agents insert one in the inbox's composer by typing /name. */
export function SavedRepliesCard({ replies }: { replies: SavedReply[] }) {
  const router = useRouter();
  const toast = useToast();
  const form = useForm({ resolver: zodResolver(SavedReplyInput), defaultValues: { name: "", text: "" } });
  const { submit, error } = useActionSubmit(form, createSavedReplyAction, (saved) => {
    toast.show({ tone: "success", title: "Saved reply added", description: `/${saved.name}` });
    form.reset({ name: "", text: "" });
    router.refresh();
  });
  return (
    <Card className="max-w-2xl">
      <CardHeader
        title="Saved replies"
        description="Answers your team sends often. In the inbox's reply box, type / and the name, then Enter, to insert one; it can be edited before sending."
      />
      <CardBody className="space-y-4">
        {replies.length === 0 ? (
          <p className="text-sm text-slate-600">No saved replies yet.</p>
        ) : (
          <ul
            aria-label="Saved replies"
            className="divide-y divide-slate-200 rounded-md border border-slate-200"
          >
            {replies.map((r) => (
              <SavedReplyRow key={`${r.id}-${r.name}-${r.text}`} reply={r} />
            ))}
          </ul>
        )}
      </CardBody>
      <form onSubmit={submit} noValidate aria-label="Add a saved reply">
        <CardBody className="space-y-3 border-t border-slate-200">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <FormField form={form} name="name" label="Name" hint="Typed as /name: letters, digits, - or _" />
          <FormField form={form} name="text" kind="textarea" rows={3} label="Reply text" />
        </CardBody>
        <CardFooter>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Create saved reply
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
