import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { loadBuilderChoices } from "../builder-choices";
import { SegmentBuilder } from "../segment-builder";
import { blankGroup } from "../segment-draft";

export const metadata: Metadata = { title: "New segment" };

export default async function NewSegmentPage() {
  const user = await requirePage("/profiles/segments/new");
  const choices = await loadBuilderChoices(userCtx(user), user.businessId);
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/profiles/segments" className="hover:underline">
            Segments
          </Link>
        }
        title="New segment"
        description="Pick subscribers by conditions; the count on the side shows how many match now."
      />
      <SegmentBuilder
        initial={{ name: "", definition: { match: "all", groups: [blankGroup(choices.attributes)] } }}
        choices={choices}
      />
    </>
  );
}
