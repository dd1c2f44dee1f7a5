import type { Metadata } from "next";
import { parseTableParams, type SearchParams } from "@/components/ui/data-table-params";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { listAttributeDefinitions } from "@/lib/audiences/attribute-definitions";
import { listTags } from "@/lib/audiences/tags";
import { getDefaultCountry } from "@/lib/businesses/get-default-country";
import { listProfiles, profileSortable } from "@/lib/profiles/list-profiles";
import { ImportProfiles } from "./import-profiles";
import { ProfilesTable } from "./profiles-table";

export const metadata: Metadata = { title: "Profiles" };

export default async function ProfilesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePage("/profiles");
  const p = parseTableParams(await searchParams, {
    sortable: profileSortable,
    defaultSort: null,
    defaultPageSize: 25,
  });
  const ctx = userCtx(user);
  const page = await listProfiles(ctx, user.businessId, {
    search: p.q || undefined,
    page: p.page,
    pageSize: p.pageSize,
    sort: p.sort,
  });
  const [businessCountry, tags, attributes] = await Promise.all([
    getDefaultCountry(ctx, user.businessId),
    listTags(ctx, user.businessId),
    listAttributeDefinitions(ctx, user.businessId),
  ]);
  return (
    <>
      <PageHeader
        title="Profiles"
        description="Your subscribers, one per phone number. Import a CSV here or upload through the API (POST /api/v3/profile/upload)."
        actions={
          <div className="flex flex-wrap gap-2">
            <ButtonLink href="/profiles/fields" variant="secondary">
              Tags and attributes
            </ButtonLink>
            <ButtonLink href="/profiles/segments" variant="secondary">
              Segments
            </ButtonLink>
            <ImportProfiles
              businessCountry={businessCountry}
              attributes={attributes.map((a) => ({ key: a.key, label: a.label }))}
            />
          </div>
        }
      />
      <ProfilesTable
        rows={page.rows}
        total={page.total}
        q={p.q}
        choices={{
          tags: tags.map((t) => t.name),
          attributes: attributes.map((a) => ({ key: a.key, label: a.label })),
        }}
      />
    </>
  );
}
