"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Icon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import type { ActionResult } from "@/lib/actions/action-result";
import { addOptOutsForm, type AddOptOutsForm } from "@/lib/promotions/dashboard/opt-out-form";
import type { RefusedPhone } from "@/lib/promotions/opt-outs/schemas";

type AddResult = { added: number; already: number; invalid: RefusedPhone[] };

/** "Add numbers": one or several typed numbers onto the opt-out list. */
export function AddOptOutsDialog({ add }: { add: (v: AddOptOutsForm) => Promise<ActionResult<AddResult>> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} icon={<Icon name="plus" className="size-4" />}>
        Add numbers
      </Button>
      {open ? <AddForm add={add} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function AddForm({
  add,
  onClose,
}: {
  add: (v: AddOptOutsForm) => Promise<ActionResult<AddResult>>;
  onClose: () => void;
}) {
  const router = useRouter();
  const toast = useToast();
  const form = useForm({ resolver: zodResolver(addOptOutsForm), defaultValues: { phones: "" } });
  const [notice, setNotice] = useState<string | null>(null);
  const { submit, error } = useActionSubmit(form, add, (r) => {
    router.refresh();
    const summary = `${r.added} added${r.already ? `, ${r.already} already on the list` : ""}`;
    if (r.invalid.length > 0) {
      // Keep the dialog open on the numbers the server could not read, with the reasons.
      form.setValue("phones", r.invalid.map((i) => i.phone).join("\n"));
      setNotice(
        `${summary}. Not added: ${r.invalid.map((i) => `${i.phone} (${i.reason})`).join("; ")}. Correct them or cancel.`,
      );
      return;
    }
    toast.show({ tone: "success", title: "Opt-outs added", description: summary });
    onClose();
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      title="Add numbers to the opt-out list"
      description="These numbers never receive a campaign launched from now on."
      formId="add-opt-outs"
      onSubmit={submit}
      submitLabel="Add to opt-outs"
      submitting={form.formState.isSubmitting}
      error={error ?? notice}
    >
      <FormField
        form={form}
        name="phones"
        label="Phone numbers"
        kind="textarea"
        rows={5}
        hint="One per line (or separated by commas), with the country code (+91 98100 00001) or national for your business's country."
      />
    </FormDialog>
  );
}
