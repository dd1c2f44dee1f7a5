"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Input, Textarea } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField, applyActionErrors } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { createFlowAction, importFlowAction, renameFlowAction } from "./actions";

const NameInput = z.object({
  name: z.string().trim().min(1, "Name the flow").max(120, "At most 120 characters"),
});

/** New flow (a starter draft) or a rename: one name field. */
export function NameDialog({
  open,
  onClose,
  flow,
}: {
  open: boolean;
  onClose: () => void;
  flow?: { id: string; name: string };
}) {
  const router = useRouter();
  const toast = useToast();
  const form = useForm({ resolver: zodResolver(NameInput), defaultValues: { name: flow?.name ?? "" } });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    if (flow) {
      const res = await renameFlowAction(flow.id, values);
      setError(applyActionErrors(form, res));
      if (!res.ok) return;
      toast.show({ tone: "success", title: "Flow renamed", description: values.name });
      onClose();
      router.refresh();
    } else {
      const res = await createFlowAction(values);
      setError(applyActionErrors(form, res));
      if (!res.ok) return;
      router.push(`/flows/${res.data.id}`);
    }
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={flow ? "Rename flow" : "New flow"}
      description={
        flow
          ? undefined
          : "It starts as a draft with a keyword trigger, a greeting and an end; nothing runs until you publish."
      }
      formId={flow ? `rename-${flow.id}` : "new-flow"}
      onSubmit={submit}
      submitLabel={flow ? "Rename" : "Create flow"}
      submitting={form.formState.isSubmitting}
      error={error}
    >
      <FormField form={form} name="name" label="Name" required autoFocus />
    </FormDialog>
  );
}

/** A flow from an export file (chosen or pasted), checked by FlowDefinition with each mistake's path. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const router = useRouter();
  const [json, setJson] = useState("");
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [details, setDetails] = useState<Array<{ path: string; message: string }>>([]);
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Import a flow"
      description="A file exported from Switchboard (or a definition's JSON). The flow is created disabled, as a draft."
      formId="import-flow"
      submitting={busy}
      submitLabel="Import"
      error={null}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const res = await importFlowAction(json, name);
        setBusy(false);
        if (!res.ok) {
          setError(res.message);
          setDetails(res.fieldErrors);
          return;
        }
        router.push(`/flows/${res.data.id}`);
      }}
    >
      {error ? (
        <Alert tone="danger">
          <p>{error}</p>
          {details.length > 1 ? (
            <ul className="mt-2 list-disc pl-5" aria-label="Mistakes in the file">
              {details.map((d) => (
                <li key={`${d.path}:${d.message}`}>
                  <code>{d.path || "file"}</code>: {d.message}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      <div>
        <label htmlFor="import-file" className="mb-1 block text-sm font-medium text-slate-800">
          File
        </label>
        <input
          id="import-file"
          type="file"
          accept="application/json,.json"
          className="block w-full text-sm"
          onChange={async (e) => {
            const f = e.target.files?.[0];
            if (f) setJson(await f.text());
          }}
        />
      </div>
      <Textarea
        label="Or paste the JSON"
        rows={8}
        value={json}
        onChange={(e) => setJson(e.target.value)}
        error={details.some((d) => d.path === "json") ? "That is not JSON" : undefined}
      />
      <Input
        label="Name"
        hint="Leave empty to keep the file's name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={details.find((d) => d.path === "name")?.message}
      />
    </FormDialog>
  );
}
