import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { listTemplates } from "@/lib/templates/list-templates";
import { TemplatesTable, type TemplateRow } from "./templates-table";

export const metadata: Metadata = { title: "Templates" };

export default async function Page() {
  const user = await requirePage("/templates");
  const { items } = await listTemplates(userCtx(user), user.businessId, { limit: 500 });
  const rows: TemplateRow[] = items.map((t) => ({
    id: t.id,
    name: t.name,
    channel: t.channel,
    language: t.language,
    category: t.category ?? "—",
    status: t.status,
    rejectionReason: t.rejectionReason,
    sent: t.usage.sent,
    delivered: t.usage.delivered,
    read: t.usage.read,
    failed: t.usage.failed,
    createdAt: t.createdAt,
  }));
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
      <TemplatesTable rows={rows} />
    </>
  );
}
