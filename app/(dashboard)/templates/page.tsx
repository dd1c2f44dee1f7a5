import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { parseTableParams } from "@/components/ui/data-table-params";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { templateFilterKeys, templateSearchFilters, templateSortable } from "@/lib/templates/search-schemas";
import { searchTemplates } from "@/lib/templates/search-templates";
import { TemplatesTable } from "./templates-table";

export const metadata: Metadata = { title: "Templates" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePage("/templates");
  const sp = await searchParams;
  const table = parseTableParams(sp, {
    sortable: templateSortable,
    defaultSort: { id: "createdAt", desc: true },
    defaultPageSize: 25,
  });
  // Unknown filter values in a hand-edited URL read as "all" (the schema catches them).
  const filters = templateSearchFilters.parse(
    Object.fromEntries(templateFilterKeys.map((k) => [k, one(sp[k])])),
  );
  const { rows, total } = await searchTemplates(userCtx(user), user.businessId, {
    filters,
    q: table.q,
    sort: table.sort,
    limit: table.pageSize,
    offset: table.offset,
  });
  const filtered = table.q !== "" || Object.values(filters).some((v) => v !== "");
  return (
    <>
      <PageHeader
        title="Templates"
        description="Message templates for chatapp and RCS. New templates are reviewed; only approved ones can be sent."
        actions={
          <>
            <ButtonLink href="/templates/new/chatapp">New chatapp template</ButtonLink>
            <ButtonLink href="/templates/new/rcs" variant="secondary">
              New RCS template
            </ButtonLink>
          </>
        }
      />
      <TemplatesTable rows={rows} total={total} filters={filters} filtered={filtered} />
    </>
  );
}
