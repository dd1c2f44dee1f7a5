import type { Metadata } from "next";
import { AreaPlaceholder } from "@/components/shell/area-placeholder";
import { requireBusinessUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Profiles" };

export default async function Page() {
  await requireBusinessUser();
  return (
    <AreaPlaceholder
      title="Profiles"
      icon="profiles"
      description="Your subscribers: phone numbers with names and attributes used in templates."
      emptyTitle="No profiles yet"
      emptyText="Profiles uploaded through the API or from a CSV file will appear here."
    />
  );
}
