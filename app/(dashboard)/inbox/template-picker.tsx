"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { WhatsAppText } from "@/components/messages/whatsapp-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { FormField } from "@/components/ui/form-field";
import type { ActionResult } from "@/lib/actions/action-result";
import { TemplateReplyInput, type ReplyTemplate } from "@/lib/conversations/template-reply-schema";

type Values = { templateId: string; values: string[] };

/** The body with each {{n}} replaced by its value as typed (or left as {{n}} while empty). */
function fill(body: string, values: string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (m, n: string) => values[Number(n) - 1]?.trim() || m);
}

/**
 * Outside the service window: an approved template of the business, its values (the same
 * slots as "Send a test"), a preview, and the conversation's send path. Marketing templates
 * are not offered to an opted-out customer (the server refuses them too).
 */
export function TemplatePicker({
  templates,
  optedOut,
  send,
}: {
  templates: ReplyTemplate[];
  optedOut: boolean;
  send: (values: Values) => Promise<ActionResult<{ messageId: string }>>;
}) {
  const router = useRouter();
  const offered = optedOut ? templates.filter((t) => t.category !== "MARKETING") : templates;
  const form = useForm<Values>({
    resolver: zodResolver(TemplateReplyInput) as never,
    defaultValues: { templateId: "", values: [] },
  });
  const templateId = useWatch({ control: form.control, name: "templateId" });
  const values = useWatch({ control: form.control, name: "values" }) ?? [];
  const template = offered.find((t) => t.id === templateId);
  const submit = form.handleSubmit(async (v) => {
    const res = await send({
      templateId: v.templateId,
      values: v.values.slice(0, template?.fields.length ?? 0),
    });
    if (!res.ok) {
      form.setError("root", { message: res.fieldErrors[0]?.message ?? res.message });
      return;
    }
    form.reset({ templateId: "", values: [] });
    router.refresh();
  });
  if (offered.length === 0)
    return (
      <Alert tone="warning">
        {optedOut
          ? "The customer opted out and the business has no approved utility template to send."
          : "The business has no approved WhatsApp template yet: create one under Templates."}
      </Alert>
    );
  return (
    <form onSubmit={submit} noValidate aria-label="Send a template" className="space-y-2">
      <Select
        {...form.register("templateId", {
          onChange: (e: { target: { value: string } }) => {
            const t = offered.find((x) => x.id === e.target.value);
            form.setValue("values", t ? [...t.prefill] : []);
          },
        })}
        label="Template"
        placeholder="Choose an approved template"
        error={form.formState.errors.templateId?.message}
        options={offered.map((t) => ({ value: t.id, label: `${t.name} (${t.language})` }))}
      />
      {template ? (
        <>
          {template.fields.length > 0 ? (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-700">Values</legend>
              {template.fields.map((f, i) => (
                <FormField key={`${template.id}-${i}`} form={form} name={`values.${i}`} label={f.label} />
              ))}
            </fieldset>
          ) : null}
          <div className="rounded-md border border-emerald-200 bg-emerald-50 p-2 text-sm text-slate-900">
            <p className="text-xs font-medium text-slate-700">Preview</p>
            <p className="break-words whitespace-pre-wrap" data-testid="template-preview">
              <WhatsAppText text={fill(template.body, values)} />
            </p>
          </div>
        </>
      ) : null}
      {form.formState.errors.root?.message ? (
        <Alert tone="danger">{form.formState.errors.root.message}</Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={form.formState.isSubmitting}>
          Send template
        </Button>
      </div>
    </form>
  );
}
