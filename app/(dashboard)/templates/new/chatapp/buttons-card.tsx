"use client";

import type { UseFieldArrayReturn, UseFormReturn } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Input, Select } from "@/components/ui/field";
import { limits } from "@/lib/templates/template-fields";
import { emptyButton, type ChatappFormValues } from "./build-template";
import { RemoveRowButton } from "../remove-row-button";

/** The template's buttons: each with its type and the fields that type needs. */
export function ButtonsCard({
  form,
  buttons,
  values,
}: {
  form: UseFormReturn<ChatappFormValues>;
  buttons: UseFieldArrayReturn<ChatappFormValues, "buttons">;
  values: ChatappFormValues;
}) {
  const errors = form.formState.errors;
  return (
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
              // The type's longest choice ("Call phone number") fits its select: four equal
              // columns cut "Quick reply" to "Quick rep".
              className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2 xl:grid-cols-[13rem_repeat(3,minmax(0,1fr))]"
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
              <RemoveRowButton onRemove={() => buttons.remove(i)} />
            </div>
          );
        })}
      </CardBody>
    </Card>
  );
}
