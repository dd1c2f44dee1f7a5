"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { changeCampaignStatusAction, retryFailedNowAction } from "@/app/(dashboard)/campaigns/[id]/actions";
import { Button, ButtonLink } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { canMove, type PromotionStatus } from "@/lib/promotions/state-machine";

type Move = "Stopped" | "Active" | "Cancelled" | "retry";

type Confirm = {
  title: string;
  description: ReactNode;
  label: string;
  tone: "danger" | "primary";
  done: string;
};

/**
 * The campaign's actions, each behind a confirmation that says what will happen, and only
 * those its state allows (state-machine canMove): stop, resume, cancel (preparation only),
 * retry the waiting round now, duplicate as a new campaign (the wizard's ?from=).
 */
export function CampaignActions({
  id,
  name,
  status,
  kind,
  retryWait,
}: {
  id: string;
  name: string;
  status: PromotionStatus;
  kind: "promotion" | "rcs_campaign";
  retryWait: { recipients: number; dueAt: string } | null;
}) {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState<Move | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirms: Record<Move, Confirm> = {
    Stopped: {
      title: `Stop ${name}?`,
      description:
        "No new messages are sent from now on; messages already handed to the provider (a few seconds' worth) still go out. You can resume it later: it continues with the recipients not yet sent.",
      label: "Stop campaign",
      tone: "danger",
      done: "Campaign stopped",
    },
    Active: {
      title: `Resume ${name}?`,
      description:
        "Sending continues with the recipients not yet sent (none is sent twice), not before its schedule time.",
      label: "Resume campaign",
      tone: "primary",
      done: "Campaign resumed",
    },
    Cancelled: {
      title: `Cancel ${name}?`,
      description:
        "Nothing has been sent yet. Cancelling is final: its recipients end as cancelled and it can never be started. To send it later, duplicate it as a new campaign.",
      label: "Cancel campaign",
      tone: "danger",
      done: "Campaign cancelled",
    },
    retry: {
      title: "Retry failed recipients now?",
      description: retryWait
        ? `${retryWait.recipients.toLocaleString("en")} recipient(s) that failed with a temporary error are waiting for the next retry round, due ${retryWait.dueAt}. It starts at once instead.`
        : "",
      label: "Retry now",
      tone: "primary",
      done: "Retry round started",
    },
  };
  const offered: Array<[Move, string, "secondary" | "danger"]> = [];
  if (canMove(status, "Stopped")) offered.push(["Stopped", "Stop", "secondary"]);
  if (status === "Stopped" && canMove(status, "Active")) offered.push(["Active", "Resume", "secondary"]);
  if (canMove(status, "Cancelled")) offered.push(["Cancelled", "Cancel", "danger"]);
  if (retryWait) offered.push(["retry", "Retry failed now", "secondary"]);

  async function run(move: Move) {
    const res =
      move === "retry" ? await retryFailedNowAction(id) : await changeCampaignStatusAction(id, move);
    if (!res.ok) return setError(res.message);
    toast.show({ tone: "success", title: confirms[move].done });
    setOpen(null);
    router.refresh();
  }

  const c = open ? confirms[open] : null;
  return (
    <>
      {offered.map(([move, label, variant]) => (
        <Button key={move} size="sm" variant={variant} onClick={() => setOpen(move)}>
          {label}
        </Button>
      ))}
      {kind === "promotion" ? (
        <ButtonLink href={`/campaigns/new?from=${id}`} variant="secondary" size="sm">
          Duplicate as new
        </ButtonLink>
      ) : null}
      <ButtonLink href="/campaigns" variant="ghost" size="sm">
        All campaigns
      </ButtonLink>
      <ConfirmDialog
        open={open !== null}
        onClose={() => {
          setOpen(null);
          setError(null);
        }}
        title={c?.title ?? ""}
        description={c?.description}
        confirmLabel={c?.label ?? ""}
        tone={c?.tone ?? "primary"}
        error={error}
        onConfirm={() => (open ? run(open) : undefined)}
      />
    </>
  );
}
