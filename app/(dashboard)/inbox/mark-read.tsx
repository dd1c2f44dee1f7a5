"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { markReadAction } from "./actions";

/**
 * Clears the open conversation's unread count once its holder has it on screen (a render of
 * the page, not a prefetch of its link), then re-reads the page so the list and the menu
 * count show it.
 */
export function MarkRead({ conversationId }: { conversationId: string }) {
  const router = useRouter();
  useEffect(() => {
    let live = true;
    void markReadAction(conversationId).then((res) => {
      if (live && res.ok && res.data.changed) router.refresh();
    });
    return () => {
      live = false;
    };
  }, [conversationId, router]);
  return null;
}
