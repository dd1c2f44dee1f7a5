import type { Metadata } from "next";
import { PageNotFound } from "@/components/shell/page-not-found";

export const metadata: Metadata = { title: "Page not found" };

/** notFound() from a page of this area (e.g. another business's message): inside the shell. */
export default function NotFound() {
  return <PageNotFound />;
}
