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
      confirmOff={{
        title: `Disable ${businessName}?`,
        confirmLabel: "Disable business",
        description: (
          <>
            <span className="block">What stops at once:</span>
            <span className="mt-1 block">
              · its API keys are refused (401), so no integration can send, read statuses or change anything;
            </span>
            <span className="block">· its users are signed out of the dashboard and cannot sign in.</span>
            <span className="mt-1 block">
              Messages already accepted and campaigns already running still go out: stop those on its
              campaigns first. Enabling it again restores everything; nothing is deleted.
            </span>
          </>
        ),
      }}
    >
      {(checked) => (
        <Badge tone={checked ? "success" : "neutral"} dot>
          {checked ? "Enabled" : "Disabled"}
        </Badge>
      )}
    </ActionSwitch>
  );
}
