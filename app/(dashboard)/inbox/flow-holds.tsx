"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { assignAction } from "./actions";

/**
 * "A flow is handling this": the conversation's bot run, with the button that hands it to the
 * viewer (the run stops, the conversation is theirs). Routing leaves such a conversation alone
 * until the run ends.
 */
export function FlowHolds({
  conversationId,
  userId,
  flowName,
  version,
  stepId,
}: {
  conversationId: string;
  userId: string;
  flowName: string;
  version: number;
  stepId: string | null;
}) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const takeOver = async () => {
    setBusy(true);
    const res = await assignAction(conversationId, userId);
    setBusy(false);
    if (!res.ok) return toast.show({ tone: "danger", title: "Not taken over", description: res.message });
    toast.show({ tone: "success", title: "You have the conversation; the flow stopped" });
    router.refresh();
  };
  return (
    <div
      role="status"
      data-testid="flow-holds"
      className="flex flex-wrap items-center gap-2 border-b border-violet-200 bg-violet-50 px-3 py-2 text-sm text-violet-900"
    >
      <p className="min-w-0 flex-1">
        <span className="font-medium">A flow is handling this:</span> {flowName} (version {version})
        {stepId ? `, waiting at step ${stepId}` : ""}.
      </p>
      <Button size="sm" variant="secondary" loading={busy} onClick={() => void takeOver()}>
        Take over
      </Button>
    </div>
  );
}
