"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { addTestNumberAction } from "@/app/(dashboard)/settings/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";

/**
 * Picks the open simulator number as a test number of the business ("Send a test" offers it
 * from then on), or says it is one already.
 */
export function KeepNumber({ number, isTestNumber }: { number: string; isTestNumber: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const router = useRouter();
  const toast = useToast();
  if (isTestNumber)
    return (
      <p className="text-sm text-emerald-800" data-testid="is-test-number">
        +{number} is one of your test numbers.
      </p>
    );
  async function keep() {
    setBusy(true);
    setError(null);
    const res = await addTestNumberAction(number);
    setBusy(false);
    if (!res.ok) return setError(res.message);
    toast.show({ tone: "success", title: "Test number added", description: `+${number}` });
    router.refresh();
  }
  return (
    <div className="space-y-2">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <Button variant="secondary" size="sm" loading={busy} onClick={keep}>
        Add +{number} to the test numbers
      </Button>
    </div>
  );
}
