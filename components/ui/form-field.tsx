"use client";

import type { ReactNode } from "react";
import { get, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import type { ActionResult } from "@/lib/actions/action-result";
import { Checkbox, Input, Select, Switch, Textarea, type SelectOption } from "./field";

type Common<T extends FieldValues> = {
  form: UseFormReturn<T, any, any>;
  name: Path<T>;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  className?: string;
};

export type FormFieldProps<T extends FieldValues> = Common<T> &
  (
    | {
        kind?: "input";
        type?:
          "text" | "email" | "password" | "url" | "tel" | "number" | "search" | "datetime-local" | "date";
        placeholder?: string;
        autoComplete?: string;
        autoFocus?: boolean;
      }
    | { kind: "textarea"; placeholder?: string; rows?: number }
    | { kind: "select"; options: SelectOption[]; placeholder?: string }
    | { kind: "checkbox" }
    | { kind: "switch" }
  );

/**
 * One form control bound to react-hook-form: registers the field, shows its error inline and
 * sets aria-invalid / aria-describedby. Validation comes from the zod schema given to
 * useForm({ resolver: zodResolver(schema) }).
 */
export function FormField<T extends FieldValues>(props: FormFieldProps<T>) {
  const { form, name, label, hint, required, disabled, className } = props;
  const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  const common = { label, hint, error, required, disabled, className };
  switch (props.kind) {
    case "textarea":
      return (
        <Textarea {...common} {...form.register(name)} placeholder={props.placeholder} rows={props.rows} />
      );
    case "select":
      return (
        <Select
          {...common}
          {...form.register(name)}
          options={props.options}
          placeholder={props.placeholder}
        />
      );
    case "checkbox":
      return <Checkbox {...common} {...form.register(name)} />;
    case "switch":
      return <Switch {...common} {...form.register(name)} />;
    default:
      return (
        <Input
          {...common}
          {...form.register(name, props.type === "number" ? { valueAsNumber: true } : undefined)}
          type={props.type ?? "text"}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          autoFocus={props.autoFocus}
        />
      );
  }
}

/**
 * Puts a failed server action's field errors on the matching inputs (paths as the domain
 * reports them, e.g. "name" or "channels.0.agentId") and returns the form-level message (null when every problem landed on an input).
 */
export function applyActionErrors<T extends FieldValues>(
  form: UseFormReturn<T, any, any>,
  result: ActionResult<unknown>,
): string | null {
  if (result.ok) return null;
  const known = new Set(Object.keys(form.getValues()));
  let focused = false;
  for (const d of result.fieldErrors) {
    const root = d.path.split(".")[0] ?? "";
    if (!known.has(root)) continue;
    form.setError(d.path as Path<T>, { type: "server", message: d.message }, { shouldFocus: !focused });
    focused = true;
  }
  // Every problem is shown on its input (and focused): repeating it above the form said the
  // same thing twice.
  if (focused && result.fieldErrors.every((d) => known.has(d.path.split(".")[0] ?? ""))) return null;
  return result.message;
}
