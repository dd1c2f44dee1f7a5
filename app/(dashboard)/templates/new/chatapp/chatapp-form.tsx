"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFieldArray, useForm, useWatch, type FieldErrors, type Resolver } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Checkbox, Input, Select, Textarea } from "@/components/ui/field";
import { FormField } from "@/components/ui/form-field";
import { ChatappPreview } from "@/components/templates/template-preview";
import { lintChatappComponents } from "@/lib/templates/lint-template";
import { createChatappTemplateInput, limits } from "@/lib/templates/schemas";
import { createChatappTemplateAction } from "../../actions";
import { buildChatappTemplate, countVars, emptyButton, type ChatappFormValues } from "./build-template";

type Upload = { sha256: string; url: string } | null;

/** Validates the built template with the API's zod schema; errors land on the form fields. */
const resolver: Resolver<ChatappFormValues> = async (values) => {
  const { template, fieldOf } = buildChatappTemplate(values);
  const r = createChatappTemplateInput.safeParse(template);
  if (r.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of r.error.issues) {
    const field = fieldOf(issue.path.map(String).join(".")) ?? "root";
    setPath(errors, field, { type: "zod", message: issue.message });
  }
  return { values: {}, errors: errors as FieldErrors<ChatappFormValues> };
};

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let node = target;
  keys.slice(0, -1).forEach((k, i) => {
    node[k] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
    node = node[k] as Record<string, unknown>;
  });
  node[keys[keys.length - 1]!] ??= value;
}

async function upload(file: File): Promise<{ sha256: string; url: string }> {
  const form = new FormData();
  form.append("file", file);
  const res = await fetch("/templates/media", { method: "POST", body: form });
  const body = (await res.json().catch(() => ({}))) as {
    sha256?: string;
    url?: string;
    error?: { message?: string };
  };
  if (!res.ok || !body.sha256 || !body.url) throw new Error(body.error?.message ?? "Upload failed");
  return { sha256: body.sha256, url: body.url };
}

export function ChatappTemplateForm() {
  const router = useRouter();
  const form = useForm<ChatappFormValues>({
    resolver,
    // Validate on submit, then on change: blur validation re-rendered the form between
    // mousedown and mouseup on "Submit" and swallowed the click.
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: {
      name: "",
      language: "en_US",
      category: "UTILITY",
      headerImage: false,
      body: "",
      samples: [],
      footer: "",
      buttons: [],
      carousel: false,
      cards: [
        { body: "", button: "" },
        { body: "", button: "" },
      ],
    },
  });
  const buttons = useFieldArray({ control: form.control, name: "buttons" });
  const cards = useFieldArray({ control: form.control, name: "cards" });
  const [header, setHeader] = useState<Upload>(null);
  const [cardImages, setCardImages] = useState<Upload[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // useWatch (not form.watch) so the React Compiler can memoise this component.
  const values = useWatch({ control: form.control }) as ChatappFormValues;
  const { template } = buildChatappTemplate(values);
  const warnings = lintChatappComponents(template.components);
  const vars = countVars(values.body);
  const errors = form.formState.errors;

  const pick = async (file: File | undefined, set: (u: Upload) => void) => {
    setUploadError(null);
    if (!file) return set(null);
    try {
      set(await upload(file));
    } catch (e) {
      set(null);
      setUploadError((e as Error).message);
    }
  };

  const onSubmit = form.handleSubmit(
    async (v) => {
      setError(null);
      const built = buildChatappTemplate(v);
      const hashes = v.carousel
        ? v.cards.map((_, i) => cardImages[i]?.sha256)
        : v.headerImage
          ? [header?.sha256]
          : [];
      if (hashes.some((h) => !h)) {
        setError("Upload an image for every image header.");
        return;
      }
      const res = await createChatappTemplateAction(built.template, hashes as string[]);
      if (!res.ok) {
        for (const fe of res.fieldErrors) {
          const field = built.fieldOf(fe.path);
          if (field) form.setError(field as never, { type: "server", message: fe.message });
        }
        setError(res.message);
        return;
      }
      router.push(`/templates/${res.data.id}`);
    },
    () => setError("Some fields need attention."),
  );

  const imageUrls = values.carousel ? cardImages.map((u) => u?.url) : [header?.url];

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="New chatapp template">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {errors.root?.message ? <Alert tone="danger">{errors.root.message}</Alert> : null}
        <Card>
          <CardHeader title="Template" description="Name, language and category, as Meta reviews them." />
          <CardBody className="grid gap-4 sm:grid-cols-3">
            <FormField form={form} name="name" label="Name" required hint="Lowercase letters, digits and _" />
            <FormField form={form} name="language" label="Language" required hint="en or en_US" />
            <FormField
              form={form}
              name="category"
              label="Category"
              kind="select"
              options={[
                { value: "UTILITY", label: "Utility" },
                { value: "MARKETING", label: "Marketing" },
                { value: "AUTHENTICATION", label: "Authentication" },
              ]}
            />
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Content" />
          <CardBody className="space-y-4">
            <Checkbox label="Carousel of cards (2-10)" {...form.register("carousel")} />
            {!values.carousel ? (
              <>
                <Checkbox label="Image header" {...form.register("headerImage")} />
                {values.headerImage ? (
                  <Input
                    type="file"
                    accept="image/png,image/jpeg"
                    label="Header image"
                    hint="JPEG or PNG, at most 5 MB"
                    error={uploadError ?? errors.headerImage?.message}
                    onChange={(e) => void pick(e.target.files?.[0], setHeader)}
                  />
                ) : null}
              </>
            ) : null}
            <Textarea
              label="Body"
              required
              rows={4}
              hint={`Up to ${limits.body} characters; variables {{1}}, {{2}}, … (${values.body.length}/${limits.body})`}
              error={errors.body?.message}
              {...form.register("body")}
            />
            {vars > 0 ? (
              <fieldset className="grid gap-3 sm:grid-cols-2">
                <legend className="mb-1 text-sm font-medium text-slate-700">
                  Sample values (shown to Meta&apos;s reviewers)
                </legend>
                {Array.from({ length: vars }, (_, i) => (
                  <Input
                    key={i}
                    label={`Sample for {{${i + 1}}}`}
                    error={i === 0 ? errors.samples?.message : undefined}
                    {...form.register(`samples.${i}` as const)}
                  />
                ))}
              </fieldset>
            ) : null}
            {warnings.length ? (
              <Alert tone="warning" title="Likely to be rejected">
                <ul className="list-disc pl-5" data-testid="lint-warnings">
                  {warnings.map((w, i) => (
                    <li key={i}>{w.message}</li>
                  ))}
                </ul>
              </Alert>
            ) : null}
            {!values.carousel ? (
              <Input
                label="Footer"
                hint={`Optional, up to ${limits.footer} characters`}
                error={errors.footer?.message}
                {...form.register("footer")}
              />
            ) : null}
          </CardBody>
        </Card>

        {!values.carousel ? (
          <Card>
            <CardHeader
              title="Buttons"
              description="Up to 10: quick replies, up to 2 URL buttons, 1 phone number button."
              actions={
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => buttons.append({ ...emptyButton })}
                  disabled={buttons.fields.length >= limits.buttons}
                >
                  Add button
                </Button>
              }
            />
            <CardBody className="space-y-4">
              {typeof errors.buttons?.message === "string" ? (
                <Alert tone="danger">{errors.buttons.message}</Alert>
              ) : null}
              {buttons.fields.map((f, i) => {
                const type = values.buttons[i]?.type;
                const be = errors.buttons?.[i];
                return (
                  <div
                    key={f.id}
                    className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-4"
                  >
                    <Select
                      label={`Button ${i + 1} type`}
                      options={[
                        { value: "QUICK_REPLY", label: "Quick reply" },
                        { value: "URL", label: "Visit website" },
                        { value: "PHONE_NUMBER", label: "Call phone number" },
                      ]}
                      {...form.register(`buttons.${i}.type` as const)}
                    />
                    <Input
                      label={`Button ${i + 1} text`}
                      error={be?.text?.message}
                      {...form.register(`buttons.${i}.text` as const)}
                    />
                    {type === "URL" ? (
                      <>
                        <Input
                          label={`Button ${i + 1} URL`}
                          hint="May end with {{1}}"
                          error={be?.url?.message}
                          {...form.register(`buttons.${i}.url` as const)}
                        />
                        {values.buttons[i]?.url.includes("{{") ? (
                          <Input
                            label={`Button ${i + 1} URL sample`}
                            error={be?.example?.message}
                            {...form.register(`buttons.${i}.example` as const)}
                          />
                        ) : null}
                      </>
                    ) : null}
                    {type === "PHONE_NUMBER" ? (
                      <Input
                        label={`Button ${i + 1} phone number`}
                        hint="With country code"
                        error={be?.phone_number?.message}
                        {...form.register(`buttons.${i}.phone_number` as const)}
                      />
                    ) : null}
                    <div className="flex items-end">
                      <Button type="button" variant="ghost" size="sm" onClick={() => buttons.remove(i)}>
                        Remove
                      </Button>
                    </div>
                  </div>
                );
              })}
            </CardBody>
          </Card>
        ) : (
          <Card>
            <CardHeader
              title="Cards"
              description="Every card has an image, a text (up to 160 characters) and the same buttons."
              actions={
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => cards.append({ body: "", button: values.cards[0]?.button ?? "" })}
                  disabled={cards.fields.length >= limits.cards.max}
                >
                  Add card
                </Button>
              }
            />
            <CardBody className="space-y-4">
              {typeof errors.cards?.message === "string" ? (
                <Alert tone="danger">{errors.cards.message}</Alert>
              ) : null}
              {cards.fields.map((f, i) => (
                <div key={f.id} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-3">
                  <Input
                    type="file"
                    accept="image/png,image/jpeg"
                    label={`Card ${i + 1} image`}
                    onChange={(e) =>
                      void pick(e.target.files?.[0], (u) =>
                        setCardImages((prev) => {
                          const next = [...prev];
                          next[i] = u;
                          return next;
                        }),
                      )
                    }
                  />
                  <Input
                    label={`Card ${i + 1} text`}
                    error={errors.cards?.[i]?.body?.message}
                    {...form.register(`cards.${i}.body` as const)}
                  />
                  <Input
                    label={`Card ${i + 1} quick reply`}
                    hint="Optional; all cards alike"
                    error={errors.cards?.[i]?.button?.message}
                    {...form.register(`cards.${i}.button` as const)}
                  />
                  {cards.fields.length > limits.cards.min ? (
                    <Button type="button" variant="ghost" size="sm" onClick={() => cards.remove(i)}>
                      Remove card
                    </Button>
                  ) : null}
                </div>
              ))}
              {uploadError ? <Alert tone="danger">{uploadError}</Alert> : null}
            </CardBody>
          </Card>
        )}

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
        <ChatappPreview components={template.components} samples={values.samples} imageUrls={imageUrls} />
      </aside>
    </div>
  );
}
