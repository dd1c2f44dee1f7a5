import type { ReactNode } from "react";

/** The tag colours' swatches (a tag's colour is one of these names or `#rrggbb`). */
const SWATCH: Record<string, string> = {
  gray: "#64748b",
  red: "#dc2626",
  orange: "#ea580c",
  yellow: "#ca8a04",
  green: "#16a34a",
  teal: "#0d9488",
  blue: "#2563eb",
  purple: "#9333ea",
  pink: "#db2777",
};

export const swatchOf = (colour: string) => SWATCH[colour] ?? colour;

/** A tag as a chip: its colour as a dot (the name says what it is; the colour only helps). */
export function TagChip({ name, colour, children }: { name: string; colour: string; children?: ReactNode }) {
  return (
    <span className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-xs font-medium text-slate-800 ring-1 ring-slate-300 ring-inset">
      <span
        aria-hidden="true"
        className="size-2 shrink-0 rounded-full"
        style={{ backgroundColor: swatchOf(colour) }}
      />
      <span className="truncate">{name}</span>
      {children}
    </span>
  );
}
