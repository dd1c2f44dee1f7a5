"use client";

import { ActionSwitch } from "@/components/ui/action-switch";
import { Badge } from "@/components/ui/badge";
import { setBusinessEnabledAction } from "./actions";

export function BusinessToggle({
  businessId,
  businessName,
  enabled,
}: {
  businessId: string;
  businessName: string;
  enabled: boolean;
}) {
  return (
    <ActionSwitch
      label={`${businessName} enabled`}
      checked={enabled}
      save={(next) => setBusinessEnabledAction({ businessId, enabled: next })}
      saved={(next) => ({ title: `${businessName} ${next ? "enabled" : "disabled"}` })}
      failedTitle="Could not change the business"
    >
      {(checked) => (
        <Badge tone={checked ? "success" : "neutral"} dot>
          {checked ? "Enabled" : "Disabled"}
        </Badge>
      )}
    </ActionSwitch>
  );
}
