import type { Metadata } from "next";
import { AreaPlaceholder } from "@/components/shell/area-placeholder";
import { requireBusinessUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Callbacks" };

export default async function Page() {
  await requireBusinessUser();
  return (
    <AreaPlaceholder
      title="Callbacks"
      icon="callbacks"
      description="Signed webhooks that tell your systems about message status, replies and calls."
      emptyTitle="No callback endpoints yet"
      emptyText="Add an HTTPS endpoint to receive signed events; every delivery attempt is recorded and can be replayed."
    />
  );
}
