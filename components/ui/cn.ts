/** Joins class names, skipping falsy ones (no tailwind-merge: callers avoid conflicting classes). */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(" ");
}

/** The one focus ring of the dashboard, so keyboard focus looks the same everywhere. */
export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";
