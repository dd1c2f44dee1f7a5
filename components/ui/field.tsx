"use client";

import { useId, type ComponentProps, type ReactNode } from "react";
import { cn, focusRing } from "./cn";

/** Ids and ARIA wiring shared by every control: label, hint and inline error. */
export type FieldProps = {
  label: ReactNode;
  /** Shown below the control; linked with aria-describedby. */
  hint?: ReactNode;
  /** Inline error; sets aria-invalid and is announced. */
  error?: string;
  /** Hide the label visually (still read by screen readers). */
  hideLabel?: boolean;
  required?: boolean;
  className?: string;
};

export function useFieldIds(id?: string) {
  const auto = useId();
  const base = id ?? auto;
  return { id: base, hintId: `${base}-hint`, errorId: `${base}-error` };
}

export function describedBy(ids: { hintId: string; errorId: string }, hint?: ReactNode, error?: string) {
  const list = [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean);
  return list.length ? list.join(" ") : undefined;
}

/** The ARIA wiring of a control: invalid when there is an error, described by hint and error. */
export function controlAria(ids: { hintId: string; errorId: string }, hint?: ReactNode, error?: string) {
  return { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(ids, hint, error) };
}

export function FieldLabel({
  htmlFor,
  children,
  required,
  hidden,
}: {
  htmlFor: string;
  children: ReactNode;
  required?: boolean;
  hidden?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className={cn("block text-sm font-medium text-slate-800", hidden && "sr-only")}>
      {children}
      {required ? (
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
}

export function FieldMessages({
  ids,
  hint,
  error,
}: {
  ids: { hintId: string; errorId: string };
  hint?: ReactNode;
  error?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="text-xs font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

export const controlClasses = (invalid: boolean, className?: string) =>
  cn(
    "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
    focusRing,
    invalid ? "ring-red-400" : "ring-slate-300",
    className,
  );

type Own = FieldProps & { id?: string };

/**
 * Splits the props of a stacked control (Input, Textarea, Select) into what StackedField shows,
 * the control's own wiring (id, required, ARIA) and the rest, which goes to the control as given.
 */
function useStackedField<P extends Own>(props: P) {
  const { label, hint, error, hideLabel, required, className, id, ...rest } = props;
  const ids = useFieldIds(id);
  return {
    field: { ids, label, hint, error, hideLabel, required, className },
    control: { id: ids.id, required, ...controlAria(ids, hint, error) },
    rest,
  };
}

/** Label above the control, hint and error below: the layout of Input, Textarea and Select. */
function StackedField({
  field,
  children,
}: {
  field: FieldProps & { ids: ReturnType<typeof useFieldIds> };
  children: ReactNode;
}) {
  return (
    <div className={cn("space-y-1.5", field.className)}>
      <FieldLabel htmlFor={field.ids.id} required={field.required} hidden={field.hideLabel}>
        {field.label}
      </FieldLabel>
      {children}
      <FieldMessages ids={field.ids} hint={field.hint} error={field.error} />
    </div>
  );
}

export function Input(props: Own & Omit<ComponentProps<"input">, "className">) {
  const { field, control, rest } = useStackedField(props);
  return (
    <StackedField field={field}>
      <input {...control} className={controlClasses(!!field.error, "h-9")} {...rest} />
    </StackedField>
  );
}

export function Textarea(props: Own & Omit<ComponentProps<"textarea">, "className">) {
  const {
    field,
    control,
    rest: { rows = 4, ...rest },
  } = useStackedField(props);
  return (
    <StackedField field={field}>
      <textarea {...control} rows={rows} className={controlClasses(!!field.error)} {...rest} />
    </StackedField>
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

export function Select(
  props: Own &
    Omit<ComponentProps<"select">, "className" | "children"> & {
      options: SelectOption[];
      /** An empty first option, e.g. "Choose a team". */
      placeholder?: string;
    },
) {
  const {
    field,
    control,
    rest: { options, placeholder, ...rest },
  } = useStackedField(props);
  return (
    <StackedField field={field}>
      <select {...control} className={controlClasses(!!field.error, "h-9 py-1.5 pr-8")} {...rest}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </StackedField>
  );
}

export function Checkbox({
  label,
  hint,
  error,
  className,
  id,
  ...rest
}: Omit<Own, "hideLabel"> & Omit<ComponentProps<"input">, "className" | "type">) {
  const ids = useFieldIds(id);
  return (
    <div className={cn("flex gap-3", className)}>
      <input
        id={ids.id}
        type="checkbox"
        {...controlAria(ids, hint, error)}
        className={cn("mt-0.5 size-4 rounded border-slate-300 accent-indigo-600", focusRing)}
        {...rest}
      />
      <div className="space-y-1">
        <label htmlFor={ids.id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <FieldMessages ids={ids} hint={hint} error={error} />
      </div>
    </div>
  );
}

/**
 * An on/off switch: a native checkbox with role="switch", so it works with forms,
 * react-hook-form's register() and the keyboard (Space) without extra code.
 */
export function Switch({
  label,
  hint,
  error,
  hideLabel,
  className,
  id,
  ...rest
}: Own & Omit<ComponentProps<"input">, "className" | "type">) {
  const ids = useFieldIds(id);
  return (
    <div className={cn("flex items-start gap-3", className)}>
      <span className="relative inline-flex shrink-0">
        <input
          id={ids.id}
          type="checkbox"
          role="switch"
          {...controlAria(ids, hint, error)}
          className={cn(
            "peer h-5 w-9 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors checked:bg-indigo-600 disabled:cursor-not-allowed disabled:opacity-50",
            focusRing,
          )}
          {...rest}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform peer-checked:translate-x-4"
        />
      </span>
      <div className={cn("space-y-1", hideLabel && "sr-only")}>
        <label htmlFor={ids.id} className="block cursor-pointer text-sm font-medium text-slate-800">
          {label}
        </label>
        <FieldMessages ids={ids} hint={hint} error={error} />
      </div>
    </div>
  );
}
