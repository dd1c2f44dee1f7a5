"use client";

import { Button } from "@/components/ui/button";

/** The "Remove" at the end of a repeated row of the template forms (a button, a suggestion). */
export function RemoveRowButton({ onRemove }: { onRemove: () => void }) {
  return (
    <div className="flex items-end">
      <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
        Remove
      </Button>
    </div>
  );
}
