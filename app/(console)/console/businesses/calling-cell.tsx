"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { BusinessRow } from "./business-row";
import { CallingDialog } from "./calling-dialog";

/** The business's calling provider and registered number, with a button to change them. */
export function CallingCell({ business }: { business: BusinessRow }) {
  const [open, setOpen] = useState(false);
  const c = business.calling;
  return (
    <div className="flex flex-col items-start gap-1 text-sm">
      <div className="space-y-1" data-testid={`calling-${business.id}`}>
        <div className="flex items-center gap-1.5">
          <Badge tone={c.provider === "simulator" ? "accent" : "info"}>{c.provider}</Badge>
          <Badge tone={c.enabled ? "success" : "neutral"} dot>
            {c.enabled ? "On" : "Off"}
          </Badge>
        </div>
        <p className="font-mono text-xs whitespace-nowrap text-slate-500">+{c.callerId}</p>
      </div>
      <Button variant="ghost" size="sm" className="-ml-2" onClick={() => setOpen(true)}>
        Configure<span className="sr-only"> calling for {business.name}</span>
      </Button>
      {open ? <CallingDialog business={business} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
