"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import type { InboxAgent } from "@/lib/conversations/inbox-options";
import { assignAction, conversationStateAction } from "./actions";

const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

/**
 * Resolve or reopen (also the E key outside a text field), and, for whoever may reassign, the
 * agent who holds the conversation: a transfer away from an agent is confirmed first.
 */
export function ConversationActions({
  conversationId,
  resolved,
  assigneeId,
  agents,
  mayReassign,
}: {
  conversationId: string;
  resolved: boolean;
  assigneeId: string | null;
  /** Whom it may go to; empty when the viewer may not reassign. */
  agents: InboxAgent[];
  mayReassign: boolean;
}) {
  const router = useRouter();
  const toast = useToast();
  const selectId = useId();
  const [busy, setBusy] = useState(false);
  const [target, setTarget] = useState<string>(assigneeId ?? "");
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    const res = await conversationStateAction(conversationId, resolved ? "open" : "resolved");
    setBusy(false);
    if (!res.ok) toast.show({ tone: "danger", title: "Not changed", description: res.message });
    else router.refresh();
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "e" || e.repeat || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      // Not behind an open dialog (the transfer confirmation).
      if (document.querySelector("dialog[open]")) return;
      e.preventDefault();
      void toggle();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });

  const assign = async () => {
    const res = await assignAction(conversationId, target || null);
    if (!res.ok) {
      setError(res.message);
      return;
    }
    setConfirming(false);
    setError(null);
    const who = agents.find((a) => a.id === target)?.name ?? "waiting";
    toast.show({ tone: "success", title: target ? `Assigned to ${who}` : "Back to waiting" });
    router.refresh();
  };
  const current = agents.find((a) => a.id === assigneeId);

  return (
    <div className="flex flex-wrap items-end gap-2">
      {mayReassign ? (
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (target === (assigneeId ?? "")) return;
            if (assigneeId) setConfirming(true);
            else void assign();
          }}
        >
          <div>
            <label htmlFor={selectId} className="block text-xs font-medium text-slate-700">
              Assignee
            </label>
            <select
              id={selectId}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              className="mt-0.5 max-w-56 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <option value="">Waiting (nobody)</option>
              {agents.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} ({a.status})
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" size="sm" disabled={target === (assigneeId ?? "")}>
            {assigneeId ? "Transfer" : "Assign"}
          </Button>
        </form>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void toggle()}
        loading={busy}
        aria-keyshortcuts="e"
      >
        {resolved ? "Reopen" : "Resolve"}
        <kbd className="ml-1.5 rounded border border-slate-300 bg-slate-50 px-1 text-[10px] text-slate-700">
          E
        </kbd>
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => (setConfirming(false), setError(null))}
        title="Transfer this conversation?"
        description={`It moves from ${current?.name ?? "its agent"} to ${
          agents.find((a) => a.id === target)?.name ?? "waiting (nobody)"
        }, and the move is recorded with your name.`}
        confirmLabel="Transfer"
        tone="primary"
        onConfirm={assign}
        error={error}
      />
    </div>
  );
}
