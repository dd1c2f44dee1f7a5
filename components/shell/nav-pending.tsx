"use client";

import { useLinkStatus } from "next/link";
import { Spinner } from "@/components/ui/spinner";

/**
 * Inside a menu link: a spinner while its page loads. Pages render whole on the server (no
 * loading boundary, so a refused page or a missing record answers 307 or 404 in its status),
 * so this is what shows the click was taken.
 */
export function NavPending() {
  const { pending } = useLinkStatus();
  return pending ? <Spinner label="Loading" className="ml-auto text-indigo-300" /> : null;
}
