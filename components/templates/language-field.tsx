"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useController, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { cn } from "@/components/ui/cn";
import { controlAria, controlClasses, FieldLabel, FieldMessages, useFieldIds } from "@/components/ui/field";
import { languageLabel, searchLanguages } from "@/lib/templates/languages";

/**
 * A template's language as a searchable list of Meta's codes (an ARIA 1.2 combobox): typing
 * filters by name or code ("hindi", "en_gb", "pt-br"), arrows move, Enter or a click picks,
 * Escape closes. The field's value is always a code from the list (or the one it had).
 */
export function LanguageField<T extends FieldValues>({
  form,
  name,
  label = "Language",
  hint,
  required,
}: {
  form: UseFormReturn<T, any, any>;
  name: Path<T>;
  label?: string;
  hint?: string;
  required?: boolean;
}) {
  const { field, fieldState } = useController({ control: form.control, name });
  const ids = useFieldIds();
  const listId = useId();
  const value = String(field.value ?? "");
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const open = query !== null;
  const options = open ? searchLanguages(query) : [];
  const error = fieldState.error?.message;

  const choose = (code: string) => {
    field.onChange(code);
    setQuery(null);
  };
  const close = () => setQuery(null);
  const optionId = (i: number) => `${listId}-${i}`;

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) {
        setQuery("");
        setActive(0);
        return;
      }
      const n = options.length;
      if (n > 0) setActive((a) => (a + (e.key === "ArrowDown" ? 1 : -1) + n) % n);
    } else if (e.key === "Enter" && open) {
      e.preventDefault();
      const pick = options[active];
      if (pick) choose(pick.code);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  }

  return (
    <div className="relative space-y-1.5">
      <FieldLabel htmlFor={ids.id} required={required}>
        {label}
      </FieldLabel>
      <input
        ref={(el) => {
          input.current = el;
          field.ref(el);
        }}
        id={ids.id}
        name={field.name}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-required={required || undefined}
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? optionId(active) : undefined}
        {...controlAria(ids, hint, error)}
        className={controlClasses(!!error)}
        placeholder="Search by name or code"
        value={open ? query : value ? languageLabel(value) : ""}
        onFocus={() => {
          setQuery("");
          setActive(0);
        }}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          // A code typed in full counts as picked; anything else leaves the value as it was.
          const typed = query?.trim().replaceAll("-", "_").toLowerCase();
          const exact = typed
            ? searchLanguages(typed).find((l) => l.code.toLowerCase() === typed)
            : undefined;
          if (exact) field.onChange(exact.code);
          close();
          field.onBlur();
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label} options`}
        hidden={!open}
        className={cn(
          "absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200",
        )}
      >
        {options.length === 0 && open ? (
          <li role="option" aria-selected={false} aria-disabled="true" className="px-3 py-2 text-slate-600">
            No language matches
          </li>
        ) : null}
        {options.map((l, i) => (
          <li
            key={l.code}
            id={optionId(i)}
            role="option"
            aria-selected={l.code === value}
            onMouseDown={(e) => {
              // Keep the focus in the input, so its blur does not close the list first.
              e.preventDefault();
              choose(l.code);
            }}
            onMouseEnter={() => setActive(i)}
            className={cn(
              "flex cursor-pointer justify-between gap-3 px-3 py-1.5",
              i === active ? "bg-indigo-50 text-indigo-900" : "text-slate-900",
            )}
          >
            <span>{l.name}</span>
            <span className="font-mono text-xs text-slate-600">{l.code}</span>
          </li>
        ))}
      </ul>
      <FieldMessages ids={ids} hint={hint} error={error} />
    </div>
  );
}
