import type { Metadata } from "next";
import { AreaPlaceholder } from "@/components/shell/area-placeholder";
import { requireBusinessUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Messages" };

export default async function Page() {
  await requireBusinessUser();
  return (
    <AreaPlaceholder
      title="Messages"
      icon="messages"
      description="Every message sent through the API or the dashboard, with its delivery status."
      emptyTitle="No messages yet"
      emptyText="Messages you send over chatapp or RCS will be listed here with their status: sent, delivered, read or failed."
    />
  );
}
