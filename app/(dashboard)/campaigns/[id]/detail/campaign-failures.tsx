import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { CampaignFailure } from "@/lib/promotions/dashboard/list-campaign-failures";
import { SimpleTable } from "@/components/campaigns/simple-table";

/** Failed recipients by error code with what the code means; each count filters the recipients. */
export function CampaignFailures({ failures }: { failures: CampaignFailure[] }) {
  return (
    <Card className="min-w-0">
      <CardHeader
        title="Failures by error code"
        description="Recipients whose latest attempt failed (also those waiting for a retry round), most frequent first. Select a count to see them."
      />
      <CardBody>
        {failures.length === 0 ? (
          <p className="text-sm text-slate-600">No failed recipients.</p>
        ) : (
          <SimpleTable
            caption="Failed recipients by error code"
            testId="failures"
            columns={[{ header: "Code" }, { header: "Reason" }, { header: "Recipients", numeric: true }]}
            rows={failures.map((f) => ({
              key: f.errorCode,
              cells: [
                <span key="c" className="font-mono">
                  {f.errorCode || "—"}
                </span>,
                <span key="r" className="text-slate-700">
                  {f.reason}{" "}
                  {f.retryable ? (
                    <Badge tone="info">retryable</Badge>
                  ) : (
                    <Badge tone="warning">not retryable</Badge>
                  )}
                </span>,
                <Link
                  key="n"
                  href={`?code=${encodeURIComponent(f.errorCode)}#recipients`}
                  className="text-indigo-700 underline-offset-2 hover:underline"
                >
                  {f.count.toLocaleString("en-US")}
                </Link>,
              ],
            }))}
          />
        )}
      </CardBody>
    </Card>
  );
}
