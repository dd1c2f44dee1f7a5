"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Switch } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import type { ListedUser } from "@/lib/users/list-business-users";
import { setCallingAction } from "./actions";

export function CallingToggle({ user }: { user: ListedUser }) {
  const toast = useToast();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const phone = user.phoneNumber ? `+${user.phoneNumber}` : "no phone number";
  if (!user.callingEditable) {
    return (
      <span className="text-sm">
        {user.callingEnabled ? "On" : "Off"} <span className="text-xs text-slate-500">{phone}</span>
      </span>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Switch
        label={`Calling for ${user.emailId}`}
        hideLabel
        checked={user.callingEnabled}
        disabled={busy || !user.phoneNumber}
        title={user.phoneNumber ? undefined : "Add a phone number first (Edit)"}
        onChange={async (e) => {
          const next = e.currentTarget.checked;
          setBusy(true);
          // "+": the stored number is E.164, never to be re-read as a national one.
          const res = await setCallingAction(user.userId, next, `+${user.phoneNumber ?? ""}`);
          setBusy(false);
          if (!res.ok) toast.show({ tone: "danger", title: "Calling not changed", description: res.message });
          else
            toast.show({
              tone: "success",
              title: next ? "Calling enabled" : "Calling disabled",
              description: user.emailId,
            });
          router.refresh();
        }}
      />
      <span className="font-mono text-xs text-slate-500">{phone}</span>
    </div>
  );
}
