"use client";

import { get, useWatch, type UseFormReturn } from "react-hook-form";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/field";
import { FormField } from "@/components/ui/form-field";
import type { SendTestInput } from "@/lib/messages/send/send-test-schema";
import type { TestField } from "@/lib/templates/test-slots";
import { ImageUpload } from "./image-upload";

type Form = UseFormReturn<SendTestInput, any, any>;

/**
 * The value inputs of "Send a test" (template page and virtual phone), bound to `values.<i>`:
 * a text box per variable and URL suffix; a URL box per media header, with an upload for
 * images. A carousel's values are grouped card by card.
 */
export function TestValues({
  form,
  fields,
  className,
}: {
  form: Form;
  fields: TestField[];
  className?: string;
}) {
  const groups = new Map<number | undefined, number[]>();
  fields.forEach((f, i) => groups.set(f.target.card, [...(groups.get(f.target.card) ?? []), i]));
  return [...groups].map(([card, indexes]) => (
    <fieldset key={card ?? "top"} className={cn("grid min-w-0 gap-3", className)}>
      <legend className="mb-1 text-sm font-medium text-slate-700">
        {card === undefined ? "Values" : `Card ${card + 1}`}
      </legend>
      {indexes.map((i) =>
        fields[i]!.target.part === "header" ? (
          <MediaValue key={i} form={form} field={fields[i]!} index={i} />
        ) : (
          <FormField key={i} form={form} name={`values.${i}`} label={fields[i]!.label} />
        ),
      )}
    </fieldset>
  ));
}

function MediaValue({ form, field, index }: { form: Form; field: TestField; index: number }) {
  // The default keeps the server's render and the first browser render the same (hydration).
  const value =
    useWatch({ control: form.control, name: `values.${index}`, defaultValue: field.example }) ?? "";
  const media = field.target.part === "header" ? field.target.media : "image";
  const uploaded = /^[0-9a-f]{64}$/.test(value);
  return (
    <div className="grid min-w-0 gap-2 sm:col-span-full">
      {/* An uploaded image's value is its reference, which nobody should read: the box then
          stays empty (the thumbnail below shows the image) and takes a URL to send instead;
          emptied again, it goes back to the template's own image. */}
      <Input
        name={`values.${index}`}
        label={`${field.label} URL`}
        type="url"
        value={uploaded ? "" : value}
        onChange={(e) =>
          form.setValue(`values.${index}`, e.target.value === "" ? (field.example ?? "") : e.target.value, {
            shouldValidate: form.formState.isSubmitted,
            shouldDirty: true,
          })
        }
        error={(get(form.formState.errors, `values.${index}`) as { message?: string } | undefined)?.message}
        placeholder={
          uploaded
            ? "Paste a URL to send another image"
            : `https://example.com/${media === "video" ? "clip.mp4" : media === "document" ? "file.pdf" : "photo.jpg"}`
        }
        hint={
          uploaded
            ? value === field.example
              ? "The template's own image is sent (below); a URL here replaces it"
              : "The image you uploaded is sent (below); a URL here replaces it"
            : media === "image"
              ? "An http(s) URL of a JPEG or PNG, or upload one"
              : `An http(s) URL the provider can fetch the ${media} from`
        }
      />
      {uploaded ? (
        // The uploaded image itself, so nobody has to read its reference.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={`/templates/media/${value}`}
          alt={`${field.label} as it will be sent`}
          className="size-16 overflow-hidden rounded-md bg-slate-100 object-cover text-xs ring-1 ring-slate-200"
        />
      ) : null}
      {media === "image" ? (
        <ImageUpload
          label={`Upload the ${field.label.toLowerCase()}`}
          onUpload={(u) =>
            form.setValue(`values.${index}`, u?.sha256 ?? field.example, {
              shouldValidate: form.formState.isSubmitted,
            })
          }
        />
      ) : null}
    </div>
  );
}
