"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFieldArray, useForm, useWatch, type FieldErrors, type Resolver } from "react-hook-form";
import { RcsPreview } from "@/components/templates/template-preview";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Input, Select, Textarea } from "@/components/ui/field";
import { FormField } from "@/components/ui/form-field";
import { lintRcsCard } from "@/lib/templates/lint-template";
import { createRcsTemplateInput, limits, type RcsRichCard } from "@/lib/templates/schemas";
import { createRcsTemplateAction } from "../../actions";

type Values = {
  name: string;
  language: string;
  title: string;
  description: string;
  fileUrl: string;
  height: "SHORT" | "MEDIUM" | "TALL";
  suggestions: { text: string; url: string }[];
};

const CARD = "rcsOutgoingMessage.richCard.standaloneCard.cardContent";

function build(v: Values) {
  const card: RcsRichCard = {
    richCard: {
      standaloneCard: {
        cardOrientation: "VERTICAL",
        cardContent: {
          ...(v.title ? { title: v.title } : {}),
          ...(v.description ? { description: v.description } : {}),
          ...(v.fileUrl
            ? {
                media: {
                  height: v.height,
                  contentInfo: { fileUrl: v.fileUrl, forceRefresh: "false" as const },
                },
              }
            : {}),
          ...(v.suggestions.length
            ? {
                suggestions: v.suggestions.map((s) => ({
                  action: {
                    text: s.text,
                    postbackData: s.text,
                    openUrlAction: { url: s.url, application: "BROWSER" as const },
                  },
                })),
              }
            : {}),
        },
      },
    },
  };
  return { messageTemplate: { name: v.name, language: v.language }, rcsOutgoingMessage: card };
}

/** API error path -> form field. */
function fieldOf(path: string): string {
  if (path === "messageTemplate.name") return "name";
  if (path === "messageTemplate.language") return "language";
  if (path.startsWith(`${CARD}.media`)) return path.endsWith("height") ? "height" : "fileUrl";
  const s = new RegExp(
    `^${CARD.replace(/\./g, "\\.")}\\.suggestions\\.(\\d+)\\.action\\.(text|openUrlAction)`,
  ).exec(path);
  if (s) return `suggestions.${s[1]}.${s[2] === "text" ? "text" : "url"}`;
  if (path === `${CARD}.title`) return "title";
  if (path === `${CARD}.description`) return "description";
  if (path === `${CARD}.suggestions`) return "suggestions";
  return "root";
}

const resolver: Resolver<Values> = async (values) => {
  const r = createRcsTemplateInput.safeParse(build(values));
  if (r.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of r.error.issues) {
    const keys = fieldOf(issue.path.map(String).join(".")).split(".");
    let node = errors;
    keys.slice(0, -1).forEach((k, i) => {
      node[k] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
      node = node[k] as Record<string, unknown>;
    });
    node[keys[keys.length - 1]!] ??= { type: "zod", message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<Values> };
};

export function RcsTemplateForm() {
  const router = useRouter();
  const form = useForm<Values>({
    resolver,
    // Validate on submit, then on change: blur validation re-rendered the form between
    // mousedown and mouseup on "Submit" and swallowed the click.
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: {
      name: "",
      language: "en",
      title: "",
      description: "",
      fileUrl: "",
      height: "MEDIUM",
      suggestions: [],
    },
  });
  const suggestions = useFieldArray({ control: form.control, name: "suggestions" });
  const [error, setError] = useState<string | null>(null);
  // useWatch (not form.watch) so the React Compiler can memoise this component.
  const values = useWatch({ control: form.control }) as Values;
  const body = build(values);
  const warnings = lintRcsCard(body.rcsOutgoingMessage);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (v) => {
    setError(null);
    const res = await createRcsTemplateAction(build(v));
    if (!res.ok) {
      for (const fe of res.fieldErrors)
        form.setError(fieldOf(fe.path) as never, { type: "server", message: fe.message });
      setError(res.message);
      return;
    }
    router.push(`/templates/${res.data.id}`);
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="New RCS template">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {errors.root?.message ? <Alert tone="danger">{errors.root.message}</Alert> : null}
        <Card>
          <CardHeader title="Template" />
          <CardBody className="grid gap-4 sm:grid-cols-2">
            <FormField form={form} name="name" label="Name" required hint="Lowercase letters, digits and _" />
            <FormField form={form} name="language" label="Language" required hint="en or en_US" />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Rich card" />
          <CardBody className="space-y-4">
            <Input
              label="Title"
              hint={`Up to ${limits.rcsTitle} characters`}
              error={errors.title?.message}
              {...form.register("title")}
            />
            <Textarea
              label="Description"
              rows={3}
              hint={`Up to ${limits.rcsDescription} characters`}
              error={errors.description?.message}
              {...form.register("description")}
            />
            <div className="grid gap-4 sm:grid-cols-[1fr_160px]">
              <Input
                label="Media URL"
                hint="Optional, https URL of an image"
                error={errors.fileUrl?.message}
                {...form.register("fileUrl")}
              />
              <Select
                label="Media height"
                options={[
                  { value: "SHORT", label: "Short" },
                  { value: "MEDIUM", label: "Medium" },
                  { value: "TALL", label: "Tall" },
                ]}
                {...form.register("height")}
              />
            </div>
            {warnings.length ? (
              <Alert tone="warning" title="Likely to be rejected">
                <ul className="list-disc pl-5" data-testid="lint-warnings">
                  {warnings.map((w, i) => (
                    <li key={i}>{w.message}</li>
                  ))}
                </ul>
              </Alert>
            ) : null}
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title="Suggestions"
            description="Up to 4 buttons that open a link."
            actions={
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => suggestions.append({ text: "", url: "" })}
                disabled={suggestions.fields.length >= limits.rcsSuggestions}
              >
                Add suggestion
              </Button>
            }
          />
          <CardBody className="space-y-3">
            {suggestions.fields.map((f, i) => (
              <div key={f.id} className="grid gap-3 sm:grid-cols-[1fr_2fr_auto]">
                <Input
                  label={`Suggestion ${i + 1} text`}
                  error={errors.suggestions?.[i]?.text?.message}
                  {...form.register(`suggestions.${i}.text` as const)}
                />
                <Input
                  label={`Suggestion ${i + 1} URL`}
                  error={errors.suggestions?.[i]?.url?.message}
                  {...form.register(`suggestions.${i}.url` as const)}
                />
                <div className="flex items-end">
                  <Button type="button" variant="ghost" size="sm" onClick={() => suggestions.remove(i)}>
                    Remove
                  </Button>
                </div>
              </div>
            ))}
          </CardBody>
        </Card>
        <div className="flex gap-3">
          <Button type="submit" loading={form.formState.isSubmitting}>
            Submit for approval
          </Button>
          <Button type="button" variant="secondary" onClick={() => router.push("/templates")}>
            Cancel
          </Button>
        </div>
      </form>
      <aside className="lg:sticky lg:top-6 lg:self-start">
        <h2 className="mb-2 text-sm font-medium text-slate-700">Preview</h2>
        <RcsPreview card={body.rcsOutgoingMessage} />
      </aside>
    </div>
  );
}
