import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { getSegment, type SegmentView } from "@/lib/audiences/segments/segments";
import { AppError } from "@/lib/errors";
import { loadBuilderChoices } from "../builder-choices";
import { SegmentBuilder } from "../segment-builder";
import { fromDefinition } from "../segment-draft";

export const metadata: Metadata = { title: "Segment" };

export default async function SegmentPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePage("/profiles/segments/[id]");
  const { id } = await params;
  const ctx = userCtx(user);
  let segment: SegmentView;
  try {
    // Another business's id is not found either (getSegment filters on the business).
    segment = await getSegment(ctx, user.businessId, id);
  } catch (e) {
    if (e instanceof AppError && e.code === "not_found") notFound();
    throw e;
  }
  const choices = await loadBuilderChoices(ctx, user.businessId);
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/profiles/segments" className="hover:underline">
            Segments
          </Link>
        }
        title={segment.name}
        description="Change the conditions or the name; campaigns already launched on it keep their recipients."
      />
      <SegmentBuilder
        key={segment.updatedAt}
        segment={{ id: segment.id, name: segment.name }}
        initial={{ name: segment.name, definition: fromDefinition(segment.definition) }}
        choices={choices}
      />
    </>
  );
}
