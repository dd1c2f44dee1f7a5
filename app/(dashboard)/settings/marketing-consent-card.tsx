"use client";

import { ActionSwitch } from "@/components/ui/action-switch";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { setMarketingOptInAction } from "./actions";

/**
 * "Require a marketing opt-in": off by default (opt-outs alone keep numbers out, as always). On,
 * campaigns and MARKETING templates skip numbers with no opt-in in the consent ledger.
 */
export function MarketingConsentCard({ required }: { required: boolean }) {
  return (
    <Card className="max-w-2xl" id="marketing-consent">
      <CardHeader
        title="Marketing consent"
        description="Opted-out numbers never get campaigns or marketing templates. With this on, a number also needs a recorded marketing opt-in (from an import, the API, a flow or a profile) before it gets one; utility and authentication templates are not affected."
      />
      <CardBody>
        <div className="flex flex-wrap items-center gap-3">
          <ActionSwitch
            label="Require a marketing opt-in"
            checked={required}
            save={(next) => setMarketingOptInAction(next)}
            saved={(next) => ({
              title: next ? "Marketing now needs an opt-in" : "Marketing no longer needs an opt-in",
              description: next
                ? "Numbers without an opt-in are skipped with the reason “no marketing consent”."
                : undefined,
            })}
            failedTitle="Could not change the consent rule"
          >
            {(checked) => (
              <Badge tone={checked ? "success" : "neutral"} dot>
                {checked ? "Opt-in required" : "Opt-in not required"}
              </Badge>
            )}
          </ActionSwitch>
          <span className="text-sm text-slate-700">Require a marketing opt-in</span>
        </div>
      </CardBody>
    </Card>
  );
}
