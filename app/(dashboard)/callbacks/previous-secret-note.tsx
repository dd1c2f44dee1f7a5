import { formatDateTime } from "@/components/ui/format";

/** While a rotation's grace lasts, requests carry a second signature made with the old secret. */
export function PreviousSecretNote({ expiresAt }: { expiresAt: number | null }) {
  if (expiresAt === null) return null;
  return (
    // Wraps within a narrow status cell, so the URL column keeps its width.
    <div className="mt-1 max-w-44 text-xs text-amber-700">
      Previous secret valid until {formatDateTime(expiresAt * 1000)}
    </div>
  );
}
