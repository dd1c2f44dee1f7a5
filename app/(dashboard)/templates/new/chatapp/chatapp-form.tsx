"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { ImageUpload } from "@/components/templates/image-upload";
import type { Upload } from "@/components/templates/upload-media";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Checkbox, Input, Textarea } from "@/components/ui/field";
import { FormField } from "@/components/ui/form-field";
import { NameAndLanguageFields } from "@/components/templates/name-and-language-fields";
import { LintWarnings } from "@/components/templates/lint-warnings";
import { ChatappPreview } from "@/components/templates/template-preview";
import { lintChatappComponents } from "@/lib/templates/lint-template";
import { limits } from "@/lib/templates/template-fields";
import { resubmitTemplateAction } from "../../[id]/actions";
import { createChatappTemplateAction } from "../../actions";
import { buildChatappTemplate, countVars, emptyAuth, type ChatappFormValues } from "./build-template";
import { AuthenticationCard } from "./authentication-card";
import { ButtonsCard } from "./buttons-card";
import { CarouselCard } from "./carousel-card";
import { chatappResolver } from "./chatapp-resolver";
import type { ChatappFormStart } from "./form-from-template";
import { TemplateFormActions } from "@/components/templates/template-form-actions";
import { SampleUpload } from "@/components/templates/sample-upload";

const HEADER_OPTIONS = [
  { value: "NONE", label: "None" },
  { value: "TEXT", label: "Text" },
  { value: "IMAGE", label: "Image" },
  { value: "DOCUMENT", label: "Document (PDF)" },
  { value: "VIDEO", label: "Video (MP4)" },
];

const blank: ChatappFormValues = {
  name: "",
  language: "en_US",
  category: "UTILITY",
  headerFormat: "NONE",
  headerText: "",
  headerSample: "",
  auth: emptyAuth,
  body: "",
  samples: [],
  footer: "",
  buttons: [],
  carousel: false,
  cards: [
    { body: "", button: "" },
    { body: "", button: "" },
  ],
};

/**
 * Creates a chatapp template; with `start` it begins from another template (duplicate), and
 * with `resubmitId` it edits that rejected template and resubmits it (its name stays).
 */
export function ChatappTemplateForm({
  start,
  resubmitId,
}: {
  start?: ChatappFormStart;
  resubmitId?: string;
}) {
  const router = useRouter();
  const form = useForm<ChatappFormValues>({
    resolver: chatappResolver,
    // Validate on submit, then on change: blur validation re-rendered the form between
    // mousedown and mouseup on "Submit" and swallowed the click.
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: start?.values ?? blank,
  });
  const buttons = useFieldArray({ control: form.control, name: "buttons" });
  const cards = useFieldArray({ control: form.control, name: "cards" });
  const [header, setHeader] = useState<Upload>(start?.header ?? null);
  const [cardImages, setCardImages] = useState<Upload[]>(start?.cardImages ?? []);
  const [error, setError] = useState<string | null>(null);
  // "Some fields need attention" shows only while some field still has an error: fixing the
  // last one (fields re-validate on change) removes it.
  const [invalidSubmit, setInvalidSubmit] = useState(false);
  // useWatch (not form.watch) so the React Compiler can memoise this component.
  const values = useWatch({ control: form.control }) as ChatappFormValues;
  const { template } = buildChatappTemplate(values);
  const warnings = lintChatappComponents(template.components, values.category);
  const auth = values.category === "AUTHENTICATION";
  const media = !auth && !values.carousel && ["IMAGE", "DOCUMENT", "VIDEO"].includes(values.headerFormat);
  const vars = countVars(values.body);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(
    async (v) => {
      setError(null);
      setInvalidSubmit(false);
      const built = buildChatappTemplate(v);
      const authentication = v.category === "AUTHENTICATION";
      const hashes = authentication
        ? []
        : v.carousel
          ? v.cards.map((_, i) => cardImages[i]?.sha256)
          : v.headerFormat !== "NONE" && v.headerFormat !== "TEXT"
            ? [header?.sha256]
            : [];
      if (hashes.some((h) => !h)) {
        setError(
          v.headerFormat === "IMAGE" || v.carousel
            ? "Upload an image for every image header."
            : `Upload the ${v.headerFormat.toLowerCase()} header's sample: Meta reviews the template with it.`,
        );
        return;
      }
      const res = resubmitId
        ? await resubmitTemplateAction(resubmitId, built.template, hashes as string[])
        : await createChatappTemplateAction(built.template, hashes as string[]);
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
    () => setInvalidSubmit(true),
  );
  const hasErrors = Object.keys(errors).length > 0;

  const imageUrls = values.carousel ? cardImages.map((u) => u?.url) : media ? [header?.url] : [];
  // The code's place in Meta's text shows a sample code.
  const previewSamples = auth ? ["123456"] : values.samples;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="New chatapp template">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {invalidSubmit && hasErrors && !errors.root ? (
          <Alert tone="danger">Some fields need attention.</Alert>
        ) : null}
        {start?.lossy ? (
          <Alert tone="warning" title="Not everything can be edited here">
            This template has parts this form does not show (for example a document or video header, or card
            buttons other than one quick reply). What you submit replaces them.
          </Alert>
        ) : null}
        {errors.root?.message ? <Alert tone="danger">{errors.root.message}</Alert> : null}
        <Card>
          <CardHeader title="Template" description="Name, language and category, as Meta reviews them." />
          <CardBody className="grid gap-4 sm:grid-cols-3">
            <NameAndLanguageFields form={form} resubmit={!!resubmitId} />
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

        {auth ? <AuthenticationCard form={form} values={values} /> : null}
        {!auth ? (
          <Card>
            <CardHeader title="Content" />
            <CardBody className="space-y-4">
              <Checkbox label="Carousel of cards (2-10)" {...form.register("carousel")} />
              {!values.carousel ? (
                <>
                  <FormField
                    form={form}
                    name="headerFormat"
                    kind="select"
                    label="Header"
                    options={HEADER_OPTIONS}
                    hint={
                      values.headerFormat === "TEXT"
                        ? "A line above the body; each send gives its {{1}}, if it has one."
                        : "A document or a video is given with each send; Meta reviews the template with a sample."
                    }
                  />
                  {values.headerFormat === "TEXT" ? (
                    <div className="grid gap-3 sm:grid-cols-2">
                      <Input
                        label="Header text"
                        required
                        hint={`Up to ${limits.headerText} characters; one variable {{1}} at most`}
                        error={errors.headerText?.message}
                        {...form.register("headerText")}
                      />
                      {countVars(values.headerText) > 0 ? (
                        <Input
                          label="Sample for the header's {{1}}"
                          error={errors.headerSample?.message}
                          {...form.register("headerSample")}
                        />
                      ) : null}
                    </div>
                  ) : null}
                  {values.headerFormat === "IMAGE" ? (
                    <ImageUpload
                      key="IMAGE"
                      label="Header image"
                      error={errors.headerFormat?.message}
                      onUpload={setHeader}
                    />
                  ) : null}
                  {values.headerFormat === "DOCUMENT" || values.headerFormat === "VIDEO" ? (
                    <SampleUpload
                      key={values.headerFormat}
                      format={values.headerFormat}
                      error={errors.headerFormat?.message}
                      onUpload={setHeader}
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
              <LintWarnings warnings={warnings} />
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
        ) : null}

        {auth ? null : !values.carousel ? (
          <ButtonsCard form={form} buttons={buttons} values={values} />
        ) : (
          <CarouselCard form={form} cards={cards} values={values} setCardImages={setCardImages} />
        )}

        <TemplateFormActions resubmitId={resubmitId} submitting={form.formState.isSubmitting} />
      </form>
      <aside className="lg:sticky lg:top-6 lg:self-start">
        <h2 className="mb-2 text-sm font-medium text-slate-700">Preview</h2>
        <ChatappPreview components={template.components} samples={previewSamples} imageUrls={imageUrls} />
      </aside>
    </div>
  );
}
