import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { listReviewQueue } from "@/lib/templates/list-review-queue";
import { ReviewQueue } from "./review-queue";

export const metadata: Metadata = { title: "Template review" };

export default async function Page() {
  const user = await requirePage("/console/templates");
  const items = await listReviewQueue(userCtx(user));
  return (
    <>
      <PageHeader
        eyebrow="Console"
        title="Template review"
        description="Templates waiting for approval, oldest first. Approve them, or reject them with a reason the business will see."
      />
      <ReviewQueue items={items} />
    </>
  );
}
