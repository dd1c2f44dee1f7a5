import type { Metadata } from "next";
import { AreaPlaceholder } from "@/components/shell/area-placeholder";
import { requireBusinessUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Templates" };

export default async function Page() {
  await requireBusinessUser();
  return (
    <AreaPlaceholder
      title="Templates"
      icon="templates"
      description="Message templates for chatapp and RCS, with their approval status."
      emptyTitle="No templates yet"
      emptyText="Create a template, submit it for approval and use it in messages and campaigns once it is approved."
    />
  );
}
