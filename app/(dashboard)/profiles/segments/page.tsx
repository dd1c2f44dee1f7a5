import type { Metadata } from "next";
import Link from "next/link";
import { ButtonLink } from "@/components/ui/button";
import { Icon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { listSegments } from "@/lib/audiences/segments/segments";
import { SegmentsTable } from "./segments-table";

export const metadata: Metadata = { title: "Segments" };

export default async function SegmentsPage() {
  const user = await requirePage("/profiles/segments");
  const segments = await listSegments(userCtx(user), user.businessId);
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/profiles" className="hover:underline">
            Profiles
          </Link>
        }
        title="Segments"
        description="Saved filters of your subscribers, by their fields, attributes, tags, campaign activity and consent. A campaign launched on one sends to the subscribers it matches at launch."
        actions={
          <ButtonLink href="/profiles/segments/new" icon={<Icon name="plus" />}>
            New segment
          </ButtonLink>
        }
      />
      <SegmentsTable segments={segments.map((s) => ({ id: s.id, name: s.name, updatedAt: s.updatedAt }))} />
    </>
  );
}
