import type { Metadata } from "next";
import { AreaPlaceholder } from "@/components/shell/area-placeholder";
import { requireOperator } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Template review" };

export default async function Page() {
  await requireOperator();
  return (
    <AreaPlaceholder
      title="Template review"
      icon="review"
      description="Templates submitted by businesses, waiting for approval or rejection."
      emptyTitle="Nothing to review"
      emptyText="Templates that businesses submit for approval will queue here, oldest first."
    />
  );
}
