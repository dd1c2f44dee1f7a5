"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";

/**
 * The buttons that end a template form: submit (resubmit, when it edits the rejected template
 * `resubmitId`) and Cancel, back to that template or to the templates list.
 */
export function TemplateFormActions({
  resubmitId,
  submitting,
}: {
  resubmitId?: string;
  submitting: boolean;
}) {
  const router = useRouter();
  return (
    <div className="flex gap-3">
      <Button type="submit" loading={submitting}>
        {resubmitId ? "Resubmit for approval" : "Submit for approval"}
      </Button>
      <Button
        type="button"
        variant="secondary"
        onClick={() => router.push(resubmitId ? `/templates/${resubmitId}` : "/templates")}
      >
        Cancel
      </Button>
    </div>
  );
}
