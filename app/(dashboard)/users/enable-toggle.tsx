"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { ListedUser } from "@/lib/users/list-business-users";
import { setUserEnabledAction } from "./actions";

export function EnableToggle({ user }: { user: ListedUser }) {
  const toast = useToast();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      loading={busy}
      className={user.enabled ? "text-red-700 hover:bg-red-50" : ""}
      onClick={async () => {
        setBusy(true);
        const res = await setUserEnabledAction(user.userId, !user.enabled);
        setBusy(false);
        if (!res.ok) toast.show({ tone: "danger", title: "Not changed", description: res.message });
        else
          toast.show({
            tone: "success",
            title: user.enabled ? "User disabled" : "User enabled",
            description: user.enabled
              ? `${user.emailId} is signed out and cannot sign in`
              : `${user.emailId} can sign in again`,
          });
        router.refresh();
      }}
    >
      {user.enabled ? "Disable" : "Enable"}
      <span className="sr-only"> {user.emailId}</span>
    </Button>
  );
}
