"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatDateTime } from "@/components/ui/format";
import { useToast } from "@/components/ui/toast";
import { getDeliveryAction, replayDeliveryAction } from "./actions";
import { AttemptsTable } from "./attempts-table";
import { statusTones, type Detail, type Row } from "./delivery-row";

export function DeliveryDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [replaying, setReplaying] = useState(false);

  useEffect(() => {
    if (!row) return;
    // Keyed by the row, so a fresh dialog starts empty; only the answer sets state.
    let live = true;
    void getDeliveryAction(row.id).then((res) => {
      if (!live) return;
      if (res.ok) setDetail(res.data);
      else setError(res.message);
    });
    return () => {
      live = false;
    };
  }, [row]);

  async function replay() {
    if (!row) return;
    setReplaying(true);
    const res = await replayDeliveryAction(row.id);
    setReplaying(false);
    if (!res.ok) return setError(res.message);
    setDetail(res.data);
    const last = res.data.attemptLog.at(-1);
    toast.show({
      tone: res.data.status === "delivered" ? "success" : "danger",
      title: res.data.status === "delivered" ? "Delivered again" : "Replay failed",
      description: last
        ? last.responseStatus
          ? `HTTP ${last.responseStatus}`
          : (last.error ?? "")
        : undefined,
    });
    router.refresh();
  }

  return (
    <Dialog
      open={row !== null}
      onClose={onClose}
      size="lg"
      title="Delivery"
      description={row ? <code className="font-mono text-xs">{row.id}</code> : null}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={replay} loading={replaying} disabled={!detail}>
            Replay
          </Button>
        </>
      }
    >
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {!detail && !error ? <p className="text-sm text-slate-600">Loading…</p> : null}
      {detail ? (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Event</dt>
            <dd>
              <code className="font-mono text-xs">{detail.event}</code>
            </dd>
            <dt className="text-slate-500">Status</dt>
            <dd>
              <Badge tone={statusTones[detail.status]} dot>
                {detail.status}
              </Badge>
              {detail.nextAttemptAt ? (
                <span className="ml-2 text-xs text-slate-500">
                  next attempt {formatDateTime(detail.nextAttemptAt * 1000)}
                </span>
              ) : null}
            </dd>
            <dt className="text-slate-500">Endpoint</dt>
            <dd className="break-all">{row?.endpointUrl}</dd>
          </dl>
          <AttemptsTable detail={detail} />
          <div>
            <h3 className="mb-1 text-sm font-medium text-slate-800">Body</h3>
            <pre className="max-h-60 overflow-auto rounded-md bg-slate-50 p-3 font-mono text-xs ring-1 ring-slate-200">
              {JSON.stringify(detail.payload, null, 2)}
            </pre>
          </div>
          <p className="text-xs text-slate-500">
            Receivers should ignore a <code className="font-mono">webhook-id</code> they have already
            processed; see{" "}
            <Link href="/api-reference" className="underline">
              the API reference
            </Link>{" "}
            and docs/callbacks.md.
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
