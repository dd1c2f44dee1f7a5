import { Alert } from "@/components/ui/alert";
import type { LintWarning } from "@/lib/templates/schemas";

/** What the template forms' checks found that a review would likely reject; nothing when clean. */
export function LintWarnings({ warnings }: { warnings: LintWarning[] }) {
  if (!warnings.length) return null;
  return (
    <Alert tone="warning" title="Likely to be rejected">
      <ul className="list-disc pl-5" data-testid="lint-warnings">
        {warnings.map((w, i) => (
          <li key={i}>{w.message}</li>
        ))}
      </ul>
    </Alert>
  );
}
