"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icons";
import type { BusinessRow } from "./business-row";
import { FirstAdminDialog } from "./first-admin-dialog";

/** "Create first admin" while the business has none; afterwards how many it has. */
export function FirstAdminButton({ business }: { business: BusinessRow }) {
  const [open, setOpen] = useState(false);
  // Stays mounted while open: creating the admin re-renders the row with admins = 1, and the
  // dialog must go on showing the password and key until they are handed over.
  if (business.admins > 0 && !open)
    return (
      <p className="text-xs text-slate-600">
        {business.admins} admin{business.admins === 1 ? "" : "s"}
      </p>
    );
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        icon={<Icon name="plus" className="size-4" />}
        onClick={() => setOpen(true)}
      >
        Create first admin<span className="sr-only"> of {business.name}</span>
      </Button>
      <FirstAdminDialog business={business} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
