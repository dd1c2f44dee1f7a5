"use client";

import type { Dispatch, SetStateAction } from "react";
import type { UseFieldArrayReturn, UseFormReturn } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/field";
import { limits } from "@/lib/templates/template-fields";
import type { ChatappFormValues } from "./build-template";
import { ImageUpload } from "@/components/templates/image-upload";
import type { Upload } from "@/components/templates/upload-media";

/** A carousel's cards: an image, a text and a quick reply each. */
export function CarouselCard({
  form,
  cards,
  values,
  setCardImages,
}: {
  form: UseFormReturn<ChatappFormValues>;
  cards: UseFieldArrayReturn<ChatappFormValues, "cards">;
  values: ChatappFormValues;
  setCardImages: Dispatch<SetStateAction<Upload[]>>;
}) {
  const errors = form.formState.errors;
  return (
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
            <ImageUpload
              label={`Card ${i + 1} image`}
              hint="JPEG or PNG"
              onUpload={(u) =>
                setCardImages((prev) => {
                  const next = [...prev];
                  next[i] = u;
                  return next;
                })
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
      </CardBody>
    </Card>
  );
}
