"use client";

import { PageError } from "@/components/shell/page-error";

/** A page of this area failed: the shell stays, the content offers "Try again". */
export default function Error({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError error={error} reset={reset} />;
}
