import { PageLoading } from "@/components/shell/page-loading";

/** Shown while the campaign's page renders (its counters, charts and recipients). */
export default function Loading() {
  return <PageLoading />;
}
