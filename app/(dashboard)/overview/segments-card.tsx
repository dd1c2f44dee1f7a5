import Link from "next/link";
import { SimpleTable } from "@/components/campaigns/simple-table";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { Ctx } from "@/lib/context";
import { overviewSegments } from "@/lib/overview/segment-counts";

const link = "font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2";

/**
 * The business's segments with how many subscribers each matches now (the latest changed
 * first), each linking to its builder; with none, a way to create one. Streamed in after the
 * rest of the overview: each count reads the profiles the segment matches.
 */
export async function SegmentsCard({ ctx, businessId }: { ctx: Ctx; businessId: string }) {
  let counted: Awaited<ReturnType<typeof overviewSegments>>;
  try {
    counted = await overviewSegments(ctx, businessId);
  } catch {
    return (
      <Card className="min-w-0" data-testid="overview-segments">
        <CardHeader title="Segments" description="Subscribers each of your segments matches now." />
        <CardBody>
          <p className="text-sm text-red-700" role="alert">
            The segments could not be counted just now. Reload the page, or open{" "}
            <Link href="/profiles/segments" className={link}>
              Segments
            </Link>
            .
          </p>
        </CardBody>
      </Card>
    );
  }
  const { segments, total } = counted;
  return (
    <Card className="min-w-0" data-testid="overview-segments">
      <CardHeader
        title="Segments"
        description="Subscribers each of your segments matches now: the audience a campaign on it would get."
      />
      <CardBody>
        {segments.length === 0 ? (
          <EmptyState
            title="No segment yet"
            description="A segment is a saved filter of your subscribers (fields, attributes, tags, activity): a campaign audience that stays up to date."
            action={
              <Link href="/profiles/segments/new" className={link}>
                Create a segment
              </Link>
            }
          />
        ) : (
          <div className="space-y-3">
            <SimpleTable
              caption="Segments and their subscribers now"
              testId="overview-segments-table"
              columns={[{ header: "Segment" }, { header: "Subscribers now", numeric: true }]}
              rows={segments.map((s) => ({
                key: s.id,
                cells: [
                  <Link
                    key="n"
                    href={`/profiles/segments/${s.id}`}
                    className={`${link} [overflow-wrap:anywhere]`}
                  >
                    {s.name}
                  </Link>,
                  s.count === null ? (
                    <span key="c" className="text-amber-800" title={s.problem ?? undefined}>
                      Needs an edit: {s.problem}
                    </span>
                  ) : (
                    <span key="c" className="tabular-nums">
                      {s.count.toLocaleString("en-US")}
                    </span>
                  ),
                ],
              }))}
            />
            <p className="text-sm text-slate-600">
              {total > segments.length ? `The ${segments.length} latest changed of ${total}. ` : ""}
              <Link href="/profiles/segments" className={link}>
                All segments
              </Link>
            </p>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

/** What the card shows while its counts run. */
export function SegmentsCardLoading() {
  return (
    <Card className="min-w-0">
      <CardHeader title="Segments" description="Counting the subscribers of your segments…" />
      <CardBody>
        <p className="text-sm text-slate-600" role="status">
          Counting…
        </p>
      </CardBody>
    </Card>
  );
}
