"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFieldArray, useForm, useWatch, type FieldErrors, type Resolver } from "react-hook-form";
import { RcsPreview } from "@/components/templates/template-preview";
import { ImageUpload } from "@/components/templates/image-upload";
import type { Upload } from "@/components/templates/upload-media";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Input, Select, Textarea } from "@/components/ui/field";
import { LanguageField } from "@/components/templates/language-field";
import { lintRcsCard } from "@/lib/templates/lint-template";
import { createRcsTemplateInput, limits, type RcsRichCard } from "@/lib/templates/schemas";
import { resubmitTemplateAction } from "../../[id]/actions";
import { createRcsTemplateAction } from "../../actions";
import { TemplateNameField } from "@/components/templates/template-name-field";

export type RcsFormValues = {
  name: string;
  language: string;
  title: string;
  description: string;
  fileUrl: string;
  height: "SHORT" | "MEDIUM" | "TALL";
  suggestions: { text: string; url: string }[];
  /** An uploaded image (instead of fileUrl): its hash and its dashboard preview path. */
  imageHash: string;
  imageUrl: string;
};
type Values = RcsFormValues;

const blank: Values = {
  name: "",
  language: "en",
  title: "",
  description: "",
  fileUrl: "",
  height: "MEDIUM",
  suggestions: [],
  imageHash: "",
  imageUrl: "",
};

const CARD = "rcsOutgoingMessage.richCard.standaloneCard.cardContent";

function build(v: Values) {
  // An upload previews from the dashboard; the server points the card at its public address.
  const fileUrl = v.imageUrl || v.fileUrl;
  const card: RcsRichCard = {
    richCard: {
      standaloneCard: {
        cardOrientation: "VERTICAL",
        cardContent: {
          ...(v.title ? { title: v.title } : {}),
          ...(v.description ? { description: v.description } : {}),
          ...(fileUrl
            ? {
                media: {
                  height: v.height,
                  contentInfo: { fileUrl, forceRefresh: "false" as const },
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
  // The upload's relative preview path stands for the public URL the server will set.
  const r = createRcsTemplateInput.safeParse(
    build(values.imageHash ? { ...values, imageUrl: `https://upload.invalid/${values.imageHash}` } : values),
  );
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

/**
 * Creates an RCS template; with `start` it begins from another template (duplicate), and with
 * `resubmitId` it edits that rejected template and resubmits it (its name stays).
 */
export function RcsTemplateForm({ start, resubmitId }: { start?: Values; resubmitId?: string }) {
  const router = useRouter();
  const form = useForm<Values>({
    resolver,
    // Validate on submit, then on change: blur validation re-rendered the form between
    // mousedown and mouseup on "Submit" and swallowed the click.
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: start ?? blank,
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
    const res = resubmitId
      ? await resubmitTemplateAction(resubmitId, build(v), v.imageHash ? [v.imageHash] : [])
      : await createRcsTemplateAction(build(v), v.imageHash || undefined);
    if (!res.ok) {
      for (const fe of res.fieldErrors)
        form.setError(fieldOf(fe.path) as never, { type: "server", message: fe.message });
      setError(res.message);
      return;
    }
    router.push(`/templates/${res.data.id}`);
  });

  const setImage = (u: Upload) => {
    form.setValue("imageHash", u?.sha256 ?? "");
    form.setValue("imageUrl", u?.url ?? "", { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="New RCS template">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {errors.root?.message ? <Alert tone="danger">{errors.root.message}</Alert> : null}
        <Card>
          <CardHeader title="Template" />
          <CardBody className="grid gap-4 sm:grid-cols-2">
            <TemplateNameField form={form} resubmit={!!resubmitId} />
            <LanguageField
              form={form}
              name="language"
              required
              hint="Meta's template languages: type a name or a code"
            />
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
            <div className="grid gap-4 sm:grid-cols-2">
              <ImageUpload
                label="Card image"
                hint={values.imageHash ? "Uploaded; choose another file to replace it" : undefined}
                onUpload={setImage}
              />
              <Input
                label="Or a media URL"
                hint={
                  values.imageHash ? "Not used while an image is uploaded" : "Optional, https URL of an image"
                }
                disabled={!!values.imageHash}
                error={errors.fileUrl?.message}
                {...form.register("fileUrl")}
              />
            </div>
            {values.imageHash ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setImage(null)}>
                Remove the uploaded image
              </Button>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
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
            {resubmitId ? "Resubmit for approval" : "Submit for approval"}
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => router.push(resubmitId ? `/templates/${resubmitId}` : "/templates")}
          >
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
