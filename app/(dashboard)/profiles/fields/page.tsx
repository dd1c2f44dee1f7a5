import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { listAttributeDefinitions } from "@/lib/audiences/attribute-definitions";
import { listTags } from "@/lib/audiences/tags";
import { AttributesCard } from "./attributes-card";
import { TagsCard } from "./tags-card";

export const metadata: Metadata = { title: "Tags and attributes" };

export default async function FieldsPage() {
  const user = await requirePage("/profiles/fields");
  const ctx = userCtx(user);
  const [tags, definitions] = await Promise.all([
    listTags(ctx, user.businessId),
    listAttributeDefinitions(ctx, user.businessId),
  ]);
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/profiles" className="hover:underline">
            Profiles
          </Link>
        }
        title="Tags and attributes"
        description="Tags group subscribers; attributes are the fields your business keeps for each of them, checked by their type wherever they are written (a subscriber's page, CSV import, the API)."
      />
      <div className="space-y-6">
        <TagsCard tags={tags} />
        <AttributesCard definitions={definitions} />
      </div>
    </>
  );
}
