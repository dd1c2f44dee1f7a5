import { PageLoading } from "@/components/shell/page-loading";

/** Shown inside the shell while the next page renders (the menu stays usable). */
export default function Loading() {
  return <PageLoading />;
}
