"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { ChatappPreview, RcsPreview } from "@/components/templates/template-preview";
import { TemplateSource } from "@/components/templates/template-source";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Textarea } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { languageLabel } from "@/lib/templates/languages";
import type { TemplateView } from "@/lib/templates/schemas";
import { reviewTemplateAction } from "./actions";

type Item = TemplateView & { businessName: string };
const col = dataTableColumns<Item>();

export function ReviewQueue({ items }: { items: Item[] }) {
  const [open, setOpen] = useState<Item | null>(null);
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor("name", { header: "Template" }),
        col.accessor("businessName", { header: "Business" }),
        col.accessor("channel", {
          header: "Channel",
          cell: (c) => (c.getValue() === "rcs" ? "RCS" : "Chatapp"),
        }),
        col.accessor("category", { header: "Category", cell: (c) => c.getValue() ?? "—" }),
        col.accessor("createdAt", {
          header: "Submitted",
          sortFn: "datetime",
          cell: (c) => formatDateTime(c.getValue()),
        }),
        col.display({
          id: "actions",
          header: () => <span className="sr-only">Actions</span>,
          meta: { align: "end" },
          cell: (c) => (
            <Button size="sm" variant="secondary" onClick={() => setOpen(c.row.original)}>
              Review
            </Button>
          ),
        }),
      ]),
    [],
  );
  return (
    <>
      <DataTable
        label="Templates to review"
        columns={columns}
        data={items}
        getRowId={(r) => r.id}
        initialSort={[{ id: "createdAt", desc: false }]}
        searchPlaceholder="Search by template or business"
        empty={
          <EmptyState
            icon={<Icon name="review" />}
            title="Nothing to review"
            description="New templates queue here."
          />
        }
      />
      {open ? <ReviewDialog item={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function ReviewDialog({ item, onClose }: { item: Item; onClose: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const decide = async (decision: "APPROVED" | "REJECTED") => {
    setBusy(true);
    setError(null);
    const res = await reviewTemplateAction({
      businessId: item.businessId,
      templateId: item.id,
      decision,
      reason,
    });
    setBusy(false);
    if (!res.ok) return setError(res.fieldErrors[0]?.message ?? res.message);
    toast.show({
      tone: "success",
      title: `${item.name} ${decision === "APPROVED" ? "approved" : "rejected"}`,
    });
    onClose();
    router.refresh();
  };
  const imageUrls = item.mediaHashes.map((h) => `/templates/media/${h}?business=${item.businessId}`);
  return (
    <Dialog open onClose={onClose} title={`Review ${item.name}`} size="lg">
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          {item.businessName} · {languageLabel(item.language)}
          {item.category ? ` · ${item.category}` : ""}
        </p>
        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_260px]">
          <TemplateSource
            channel={item.channel}
            components={item.components}
            rcsCard={item.rcsCard}
            lintWarnings={item.lintWarnings}
          />
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Preview with the samples</h3>
            {item.channel === "chatapp" ? (
              <ChatappPreview components={item.components} imageUrls={imageUrls} />
            ) : (
              <RcsPreview card={item.rcsCard} />
            )}
          </div>
        </div>
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <Textarea
          label="Reason (required to reject)"
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="danger" loading={busy} onClick={() => void decide("REJECTED")}>
            Reject
          </Button>
          <Button loading={busy} onClick={() => void decide("APPROVED")}>
            Approve
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
