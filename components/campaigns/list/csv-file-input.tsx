"use client";

import { useId } from "react";
import { cn, focusRing } from "@/components/ui/cn";

/** A labelled CSV file picker with its inline error. */
export function CsvFileInput({
  file,
  error,
  onChange,
  label = "CSV file",
  hint,
}: {
  file: File | null;
  error: string | null;
  onChange: (file: File | null) => void;
  label?: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv,text/plain"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        className={cn(
          "block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200",
          focusRing,
        )}
      />
      {file ? <p className="text-xs text-slate-500">{(file.size / 1024).toFixed(1)} KiB</p> : null}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
