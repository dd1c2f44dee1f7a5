import type { Metadata } from "next";
import { NotFoundPanel } from "@/components/shell/not-found-panel";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Page not found" };

/** notFound() from a page of this area (e.g. another business's message): inside the shell. */
export default function NotFound() {
  return (
    <Card>
      <NotFoundPanel />
    </Card>
  );
}
