import type { Metadata } from "next";
import { AreaPlaceholder } from "@/components/shell/area-placeholder";
import { requirePage } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "Campaigns" };

export default async function Page() {
  await requirePage("/campaigns");
  return (
    <AreaPlaceholder
      title="Campaigns"
      icon="campaigns"
      description="Bulk sends and promotions to lists of recipients, sent in batches."
      emptyTitle="No campaigns yet"
      emptyText="Upload a CSV list or pick profiles, choose an approved template and follow each batch as it goes out."
    />
  );
}
