"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import type { AttributeDefinitionView } from "@/lib/audiences/attribute-definitions";
import type { AttributeValue } from "@/lib/audiences/attribute-values";
import { setSubscriberAttributesAction } from "./actions";

type Values = { attributes: Record<string, string> };

const HINTS: Partial<Record<AttributeDefinitionView["type"], string>> = {
  number: "A number, e.g. 42 or 9.5",
};

/**
 * One field per attribute the business defined, by its type; checked on the server by the same
 * rules as the API (its errors land on the field). An emptied field removes the value.
 */
export function SubscriberAttributes({
  phone,
  definitions,
  values,
}: {
  phone: string;
  definitions: AttributeDefinitionView[];
  values: Record<string, AttributeValue>;
}) {
  const router = useRouter();
  const toast = useToast();
  const form = useForm<Values>({
    defaultValues: {
      attributes: Object.fromEntries(
        definitions.map((d) => [d.key, values[d.key] === undefined ? "" : String(values[d.key])]),
      ),
    },
  });
  const { submit, error } = useActionSubmit(
    form,
    (v: Values) => setSubscriberAttributesAction(phone, v),
    () => {
      toast.show({ tone: "success", title: "Attributes saved", description: `+${phone}` });
      form.reset(form.getValues());
      router.refresh();
    },
  );
  return (
    <Card>
      <CardHeader title="Attributes" description="The fields your business defined for subscribers." />
      <CardBody>
        {definitions.length === 0 ? (
          <p className="text-sm text-slate-500">
            No attributes are defined yet. An admin defines them in Settings, or through the API.
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              {definitions.map((d) => {
                const name = `attributes.${d.key}` as const;
                if (d.type === "boolean" || d.type === "choice")
                  return (
                    <FormField
                      key={d.key}
                      form={form}
                      name={name}
                      label={d.label}
                      kind="select"
                      placeholder="Not set"
                      options={
                        d.type === "boolean"
                          ? [
                              { value: "true", label: "Yes" },
                              { value: "false", label: "No" },
                            ]
                          : (d.choices ?? []).map((c) => ({ value: c, label: c }))
                      }
                    />
                  );
                return (
                  <FormField
                    key={d.key}
                    form={form}
                    name={name}
                    label={d.label}
                    hint={HINTS[d.type]}
                    type={d.type === "date" ? "date" : "text"}
                  />
                );
              })}
            </div>
            {error ? (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
              Save attributes
            </Button>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
