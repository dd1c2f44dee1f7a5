"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { useConfirmDialog } from "@/components/ui/use-confirm-dialog";
import type { ListedUser } from "@/lib/users/list-business-users";
import { setUserEnabledAction } from "./actions";

/**
 * Enable or disable a user. Disabling signs the user out everywhere at once, so it asks first
 * and says so; enabling changes nothing for anyone else and happens straight away.
 */
export function EnableToggle({ user }: { user: ListedUser }) {
  const toast = useToast();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const disabling = useConfirmDialog();

  const apply = async (): Promise<boolean> => {
    const res = await setUserEnabledAction(user.userId, !user.enabled);
    if (!res.ok) {
      if (user.enabled) disabling.setError(res.message);
      else toast.show({ tone: "danger", title: "Not changed", description: res.message });
      return false;
    }
    toast.show({
      tone: "success",
      title: user.enabled ? "User disabled" : "User enabled",
      description: user.enabled
        ? `${user.emailId} is signed out and cannot sign in`
        : `${user.emailId} can sign in again`,
    });
    router.refresh();
    return true;
  };

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        loading={busy}
        className={user.enabled ? "text-red-700 hover:bg-red-50" : ""}
        onClick={async () => {
          if (user.enabled) return disabling.setOpen(true);
          setBusy(true);
          await apply();
          setBusy(false);
        }}
      >
        {user.enabled ? "Disable" : "Enable"}
        <span className="sr-only"> {user.emailId}</span>
      </Button>
      <ConfirmDialog
        {...disabling.dialog}
        title={`Disable ${user.firstName} ${user.lastName ?? ""}`.trim() + "?"}
        description={`${user.emailId} is signed out of every browser at once and cannot sign in until you enable the account again. Their teams, calls and history stay.`}
        confirmLabel="Disable user"
        onConfirm={async () => {
          if (await apply()) disabling.setOpen(false);
        }}
      />
    </>
  );
}
