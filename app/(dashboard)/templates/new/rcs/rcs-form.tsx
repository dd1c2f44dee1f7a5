"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  useFieldArray,
  useForm,
  useWatch,
  type FieldErrors,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import { RcsPreview } from "@/components/templates/template-preview";
import { ImageUpload } from "@/components/templates/image-upload";
import type { Upload } from "@/components/templates/upload-media";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Input, Select, Textarea } from "@/components/ui/field";
import { NameAndLanguageFields } from "@/components/templates/name-and-language-fields";
import { LintWarnings } from "@/components/templates/lint-warnings";
import { lintRcsCard } from "@/lib/templates/lint-template";
import { createRcsTemplateInput, type RcsCardContent, type RcsRichCard } from "@/lib/templates/rcs-schemas";
import { limits } from "@/lib/templates/template-fields";
import { resubmitTemplateAction } from "../../[id]/actions";
import { createRcsTemplateAction } from "../../actions";
import { TemplateFormActions } from "@/components/templates/template-form-actions";
import { RemoveRowButton } from "../remove-row-button";

/** One card of the form: a standalone card, or one card of a carousel. */
export type RcsCardFormValues = {
  title: string;
  description: string;
  fileUrl: string;
  height: "SHORT" | "MEDIUM" | "TALL";
  suggestions: { text: string; url: string }[];
  /** An uploaded image (instead of fileUrl): its hash and its dashboard preview path. */
  imageHash: string;
  imageUrl: string;
};

export type RcsFormValues = {
  name: string;
  language: string;
  /** One card, or RBM's carousel of 2-10 cards side by side. */
  layout: "standalone" | "carousel";
  cardWidth: "SMALL" | "MEDIUM";
  /** The standalone card is cards[0]; a carousel uses them all. */
  cards: RcsCardFormValues[];
};
type Values = RcsFormValues;

const blankCard: RcsCardFormValues = {
  title: "",
  description: "",
  fileUrl: "",
  height: "MEDIUM",
  suggestions: [],
  imageHash: "",
  imageUrl: "",
};

const blank: Values = {
  name: "",
  language: "en",
  layout: "standalone",
  cardWidth: "MEDIUM",
  cards: [blankCard],
};

const STANDALONE = "rcsOutgoingMessage.richCard.standaloneCard.cardContent";
const CAROUSEL = "rcsOutgoingMessage.richCard.carouselCard.cardContents";

/** The cards the template is made of: the first one alone, or every card of the carousel. */
const cardsOf = (v: Values) => (v.layout === "carousel" ? v.cards : v.cards.slice(0, 1));

function content(v: RcsCardFormValues): RcsCardContent {
  // An upload previews from the dashboard; the server points the card at its public address.
  const fileUrl = v.imageUrl || v.fileUrl;
  return {
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
  };
}

function build(v: Values) {
  const cards = cardsOf(v).map(content);
  const card: RcsRichCard =
    v.layout === "carousel"
      ? { richCard: { carouselCard: { cardWidth: v.cardWidth, cardContents: cards } } }
      : { richCard: { standaloneCard: { cardOrientation: "VERTICAL", cardContent: cards[0] ?? {} } } };
  return { messageTemplate: { name: v.name, language: v.language }, rcsOutgoingMessage: card };
}

/** Each card's uploaded image by card index ("" for a card without one). */
const uploadsOf = (v: Values) => cardsOf(v).map((c) => c.imageHash);

/** API error path -> form field. */
function fieldOf(path: string): string {
  if (path === "messageTemplate.name") return "name";
  if (path === "messageTemplate.language") return "language";
  // The carousel as a whole (card count, images on all or none): said above the form.
  if (path === CAROUSEL || path === CAROUSEL.replace(/\.cardContents$/, "")) return "root";
  let card = "";
  let rest = "";
  if (path === STANDALONE || path.startsWith(`${STANDALONE}.`)) {
    card = "0";
    rest = path.slice(STANDALONE.length + 1);
  } else {
    const m = new RegExp(`^${CAROUSEL.replace(/\./g, "\\.")}\\.(\\d+)\\.?(.*)$`).exec(path);
    if (!m) return "root";
    card = m[1]!;
    rest = m[2]!;
  }
  const at = `cards.${card}`;
  if (rest.startsWith("media")) return rest.endsWith("height") ? `${at}.height` : `${at}.fileUrl`;
  const s = /^suggestions\.(\d+)\.action\.(text|openUrlAction)/.exec(rest);
  if (s) return `${at}.suggestions.${s[1]}.${s[2] === "text" ? "text" : "url"}`;
  if (rest === "title") return `${at}.title`;
  if (rest === "description") return `${at}.description`;
  return rest === "" ? `${at}.title` : "root";
}

const resolver: Resolver<Values> = async (values) => {
  // The upload's relative preview path stands for the public URL the server will set.
  const r = createRcsTemplateInput.safeParse(
    build({
      ...values,
      cards: values.cards.map((c) =>
        c.imageHash ? { ...c, imageUrl: `https://upload.invalid/${c.imageHash}` } : c,
      ),
    }),
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
 * Creates an RCS template, a single card or a carousel of 2-10 cards; with `start` it begins
 * from another template (duplicate), and with `resubmitId` it edits that rejected template and
 * resubmits it (its name stays).
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
  const cards = useFieldArray({ control: form.control, name: "cards" });
  const [error, setError] = useState<string | null>(null);
  // useWatch (not form.watch) so the React Compiler can memoise this component.
  const values = useWatch({ control: form.control }) as Values;
  const body = build(values);
  const warnings = lintRcsCard(body.rcsOutgoingMessage);
  const errors = form.formState.errors;
  const carousel = values.layout === "carousel";
  const shown = carousel ? cards.fields : cards.fields.slice(0, 1);

  const onSubmit = form.handleSubmit(async (v) => {
    setError(null);
    const res = resubmitId
      ? await resubmitTemplateAction(resubmitId, build(v), uploadsOf(v))
      : await createRcsTemplateAction(build(v), uploadsOf(v));
    if (!res.ok) {
      for (const fe of res.fieldErrors)
        form.setError(fieldOf(fe.path) as never, { type: "server", message: fe.message });
      setError(res.message);
      return;
    }
    router.push(`/templates/${res.data.id}`);
  });

  const setLayout = (layout: Values["layout"]) => {
    form.setValue("layout", layout);
    // A carousel starts with two cards (RBM's least); the single card keeps card 1.
    if (layout === "carousel")
      for (let n = cards.fields.length; n < limits.cards.min; n++) cards.append({ ...blankCard });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
      <form onSubmit={onSubmit} noValidate className="min-w-0 space-y-6" aria-label="New RCS template">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {errors.root?.message ? <Alert tone="danger">{errors.root.message}</Alert> : null}
        <Card>
          <CardHeader title="Template" />
          <CardBody className="grid gap-4 sm:grid-cols-2">
            <NameAndLanguageFields form={form} resubmit={!!resubmitId} />
            <Select
              label="Layout"
              hint="A carousel shows 2-10 cards side by side; the recipient swipes through them."
              options={[
                { value: "standalone", label: "Single card" },
                { value: "carousel", label: "Carousel (2-10 cards)" },
              ]}
              value={values.layout}
              onChange={(e) => setLayout(e.target.value as Values["layout"])}
            />
            {carousel ? (
              <Select
                label="Card width"
                options={[
                  { value: "MEDIUM", label: "Medium" },
                  { value: "SMALL", label: "Small" },
                ]}
                {...form.register("cardWidth")}
              />
            ) : null}
          </CardBody>
        </Card>
        {shown.map((f, i) => (
          <CardFields
            key={f.id}
            form={form}
            index={i}
            carousel={carousel}
            onRemove={carousel && cards.fields.length > limits.cards.min ? () => cards.remove(i) : undefined}
          />
        ))}
        {carousel ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="secondary"
              onClick={() => cards.append({ ...blankCard })}
              disabled={cards.fields.length >= limits.cards.max}
            >
              Add card
            </Button>
            <p className="text-sm text-slate-600" aria-live="polite">
              {cards.fields.length} of {limits.cards.max} cards
            </p>
          </div>
        ) : null}
        <LintWarnings warnings={warnings} />
        <TemplateFormActions resubmitId={resubmitId} submitting={form.formState.isSubmitting} />
      </form>
      <aside className="min-w-0 lg:sticky lg:top-6 lg:self-start">
        <h2 className="mb-2 text-sm font-medium text-slate-700">Preview</h2>
        <RcsPreview card={body.rcsOutgoingMessage} />
      </aside>
    </div>
  );
}

/**
 * One card's fields: title, description, image (upload or URL), height and suggestions. A
 * single card keeps the labels it always had; a carousel's say their card ("Card 2 title").
 */
function CardFields({
  form,
  index,
  carousel,
  onRemove,
}: {
  form: UseFormReturn<Values>;
  index: number;
  carousel: boolean;
  onRemove?: () => void;
}) {
  const suggestions = useFieldArray({ control: form.control, name: `cards.${index}.suggestions` });
  const card = useWatch({ control: form.control, name: `cards.${index}` }) as RcsCardFormValues | undefined;
  const errors = form.formState.errors.cards?.[index];
  const name = `Card ${index + 1}`;
  const label = (text: string) => (carousel ? `${name} ${text.toLowerCase()}` : text);
  const imageHash = card?.imageHash ?? "";
  const setImage = (u: Upload) => {
    form.setValue(`cards.${index}.imageHash`, u?.sha256 ?? "");
    form.setValue(`cards.${index}.imageUrl`, u?.url ?? "", { shouldValidate: form.formState.isSubmitted });
  };
  return (
    <>
      <Card>
        <CardHeader
          title={carousel ? name : "Rich card"}
          actions={
            onRemove ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={onRemove}
                aria-label={`Remove ${name}`}
              >
                Remove card
              </Button>
            ) : null
          }
        />
        <CardBody className="space-y-4">
          <Input
            label={label("Title")}
            hint={`Up to ${limits.rcsTitle} characters`}
            error={errors?.title?.message}
            {...form.register(`cards.${index}.title`)}
          />
          <Textarea
            label={label("Description")}
            rows={3}
            hint={`Up to ${limits.rcsDescription} characters`}
            error={errors?.description?.message}
            {...form.register(`cards.${index}.description`)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <ImageUpload
              label={carousel ? `${name} image` : "Card image"}
              hint={imageHash ? "Uploaded; choose another file to replace it" : undefined}
              onUpload={setImage}
            />
            <Input
              label={carousel ? `${name} media URL` : "Or a media URL"}
              hint={imageHash ? "Not used while an image is uploaded" : "Optional, https URL of an image"}
              disabled={!!imageHash}
              error={errors?.fileUrl?.message}
              {...form.register(`cards.${index}.fileUrl`)}
            />
          </div>
          {imageHash ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => setImage(null)}>
              Remove the uploaded image
            </Button>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              label={label("Media height")}
              options={[
                { value: "SHORT", label: "Short" },
                { value: "MEDIUM", label: "Medium" },
                { value: "TALL", label: "Tall" },
              ]}
              {...form.register(`cards.${index}.height`)}
            />
          </div>
        </CardBody>
      </Card>
      <Card>
        <CardHeader
          title={carousel ? `${name} suggestions` : "Suggestions"}
          description="Up to 4 buttons that open a link."
          actions={
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => suggestions.append({ text: "", url: "" })}
              disabled={suggestions.fields.length >= limits.rcsSuggestions}
              aria-label={carousel ? `Add suggestion to ${name}` : undefined}
            >
              Add suggestion
            </Button>
          }
        />
        <CardBody className="space-y-3">
          {suggestions.fields.map((f, i) => (
            <div key={f.id} className="grid gap-3 sm:grid-cols-[1fr_2fr_auto]">
              <Input
                label={`${carousel ? `${name} suggestion` : "Suggestion"} ${i + 1} text`}
                error={errors?.suggestions?.[i]?.text?.message}
                {...form.register(`cards.${index}.suggestions.${i}.text` as const)}
              />
              <Input
                label={`${carousel ? `${name} suggestion` : "Suggestion"} ${i + 1} URL`}
                error={errors?.suggestions?.[i]?.url?.message}
                {...form.register(`cards.${index}.suggestions.${i}.url` as const)}
              />
              <RemoveRowButton onRemove={() => suggestions.remove(i)} />
            </div>
          ))}
        </CardBody>
      </Card>
    </>
  );
}
