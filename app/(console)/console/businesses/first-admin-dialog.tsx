"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { ShownOnceDialog } from "@/components/ui/shown-once-dialog";
import { useShownOnce } from "@/components/ui/use-shown-once";
import { firstAdminInput } from "@/lib/users/first-admin-schemas";
import { createFirstAdminAction } from "./actions";

function Secret({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <div className="flex items-center gap-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
        <code data-testid={testId} className="min-w-0 flex-1 font-mono text-sm break-all select-all">
          {value}
        </code>
        <CopyButton value={value} label={`Copy the ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}

/** Creates the business's first admin and API key; the password and key are shown once. */
export function FirstAdminDialog({
  business,
  open,
  onClose,
}: {
  business: { id: string; name: string };
  open: boolean;
  onClose: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(firstAdminInput),
    defaultValues: { businessId: business.id, email: "", firstName: "", lastName: "", keyName: "First key" },
  });
  // The secrets live only in useShownOnce's state and are dropped when the dialog closes.
  const { created, submit, error, close } = useShownOnce(form, createFirstAdminAction, onClose);
  if (created) {
    return (
      <ShownOnceDialog
        open={open}
        onClose={close}
        title="Hand these over once"
        description={`${business.name}'s admin signs in at this Switchboard's address with the e-mail and temporary password, then chooses their own password. Neither secret is shown again.`}
        doneLabel="I have handed them over"
      >
        <Secret label="E-mail" value={created.email} testId="first-admin-email" />
        <Secret label="Temporary password" value={created.temporaryPassword} testId="first-admin-password" />
        <Secret
          label={`API key "${created.apiKey.name}"`}
          value={created.apiKey.key}
          testId="first-admin-key"
        />
        <Alert tone="warning">
          Switchboard keeps only hashes of both. Lost? The admin can create new keys under API keys; a
          forgotten password needs the CLI.
        </Alert>
      </ShownOnceDialog>
    );
  }
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Create first admin"
      description={`The first business admin of ${business.name}, with a temporary password, and an API key for its systems.`}
      formId={`first-admin-${business.id}`}
      onSubmit={submit}
      submitLabel="Create admin and key"
      submitting={form.formState.isSubmitting}
      error={error}
      formClassName="space-y-4"
    >
      <FormField form={form} name="email" type="email" label="E-mail" autoFocus required />
      <FormField form={form} name="firstName" label="First name" required />
      <FormField form={form} name="lastName" label="Last name" />
      <FormField
        form={form}
        name="keyName"
        label="API key name"
        hint="Where the key will be used, e.g. CRM"
      />
    </FormDialog>
  );
}
