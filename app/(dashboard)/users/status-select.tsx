"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { UserStatusBadge } from "@/components/people/user-status-badge";
import { cn, focusRing } from "@/components/ui/cn";
import { useToast } from "@/components/ui/toast";
import type { ListedUser } from "@/lib/users/list-business-users";
import { setStatusAction } from "./actions";

// The statuses a person chooses. InCall is set by calls and Disabled by the Enable switch
// (G4), as in the API: G2 userStatus=Disabled disables the user.
const CHOICES = ["Available", "Busy", "Away"] as const;

/**
 * A user's status (G2 userStatus) with, for a user the admin manages, a "Change" menu beside
 * it. The badge keeps showing the current status; the menu always reads "Change", so the row
 * never shows two statuses.
 */
export function StatusCell({ user }: { user: ListedUser }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const badge = (
    <span data-testid={`status-${user.emailId}`}>
      <UserStatusBadge status={user.userStatus} />
    </span>
  );
  if (!user.statusEditable) return badge;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {badge}
      <label className="sr-only" htmlFor={`status-of-${user.userId}`}>
        Change the status of {user.emailId}
      </label>
      <select
        id={`status-of-${user.userId}`}
        value=""
        disabled={busy}
        onChange={async (e) => {
          const next = e.currentTarget.value;
          if (!next) return;
          setBusy(true);
          const res = await setStatusAction(user.userId, next);
          setBusy(false);
          if (!res.ok) toast.show({ tone: "danger", title: "Status not changed", description: res.message });
          else toast.show({ tone: "success", title: `${user.emailId} is ${res.data.userStatus}` });
          router.refresh();
        }}
        className={cn(
          "h-7 rounded-md border border-slate-300 bg-white py-0 pr-7 pl-2 text-xs text-slate-700",
          focusRing,
        )}
      >
        <option value="">Change</option>
        {CHOICES.map((s) => (
          <option key={s} value={s} disabled={s === user.userStatus}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}
