"use client";

import { useRouter } from "next/navigation";
import { Button, ButtonLink } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { formatDateTime } from "@/components/ui/format";
import { useToast } from "@/components/ui/toast";
import { useConfirmDialog } from "@/components/ui/use-confirm-dialog";
import type { TemplateDeleteImpact } from "@/lib/templates/delete-template";
import { deleteTemplateAction } from "./actions";

/** Duplicate, edit and resubmit (rejected only) and delete, with what deleting affects. */
export function TemplateActions({
  id,
  name,
  channel,
  status,
  impact,
}: {
  id: string;
  name: string;
  channel: "chatapp" | "rcs";
  status: string;
  impact: TemplateDeleteImpact;
}) {
  const router = useRouter();
  const toast = useToast();
  const deleting = useConfirmDialog();
  const { sent, delivered, read, failed } = impact.usage;
  const used = sent + delivered + read + failed > 0;
  return (
    <>
      {status === "REJECTED" ? (
        <ButtonLink href={`/templates/${id}/edit`} size="sm">
          Edit and resubmit
        </ButtonLink>
      ) : null}
      <ButtonLink href={`/templates/new/${channel}?from=${id}`} variant="secondary" size="sm">
        Duplicate
      </ButtonLink>
      <Button variant="danger" size="sm" onClick={() => deleting.setOpen(true)}>
        Delete
      </Button>
      <ConfirmDialog
        {...deleting.dialog}
        title={`Delete ${name}?`}
        confirmLabel="Delete template"
        description={
          <span className="space-y-2" data-testid="delete-impact">
            <span className="block">
              {used
                ? `It was used: ${sent.toLocaleString("en")} sent, ${delivered.toLocaleString("en")} delivered, ${read.toLocaleString("en")} read, ${failed.toLocaleString("en")} failed (last ${formatDateTime(impact.lastUsedAt)}).`
                : "It has not been used to send anything."}
            </span>
            {impact.liveCampaigns.length ? (
              <span className="block font-medium text-red-700">
                {impact.liveCampaigns.length} unfinished campaign(s) send it (
                {impact.liveCampaigns.map((c) => c.name).join(", ")}): their remaining messages will fail.
              </span>
            ) : null}
            <span className="block">
              It leaves the templates list and the API, sends that name it are refused, and its name becomes
              free. Messages already sent keep their history.
            </span>
          </span>
        }
        onConfirm={async () => {
          const res = await deleteTemplateAction(id);
          if (!res.ok) return deleting.setError(res.message);
          toast.show({ tone: "success", title: `Template ${name} deleted` });
          router.push("/templates");
        }}
      />
    </>
  );
}
