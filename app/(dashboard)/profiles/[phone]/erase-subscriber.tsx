"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { useConfirmDialog } from "@/components/ui/use-confirm-dialog";
import { eraseSubscriberAction } from "./actions";

/** An admin's erasure of the subscriber, confirmed first; back to Profiles when done. */
export function EraseSubscriber({ phone }: { phone: string }) {
  const erasing = useConfirmDialog();
  const router = useRouter();
  const toast = useToast();
  return (
    <>
      <Button variant="danger" onClick={() => erasing.setOpen(true)}>
        Erase subscriber
      </Button>
      <ConfirmDialog
        {...erasing.dialog}
        title={`Erase +${phone}?`}
        description="The profile, its tags and attributes and every consent event of the number are deleted for good. A record that it was erased, by whom and when, stays; so does an opt-out, so the number is never marketed to by mistake. Messages already sent stay in Messages."
        confirmLabel="Erase subscriber"
        onConfirm={async () => {
          const res = await eraseSubscriberAction(phone);
          if (!res.ok) return erasing.setError(res.message);
          erasing.setOpen(false);
          toast.show({ tone: "success", title: "Subscriber erased", description: `+${phone}` });
          router.push("/profiles");
        }}
      />
    </>
  );
}
