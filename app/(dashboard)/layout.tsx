import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { signOutAction } from "@/app/(auth)/actions";
import { requireLayout } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { countUnread } from "@/lib/conversations/count-unread";
import { getUserStatus } from "@/lib/users/get-user-status";
import { setMyStatusAction } from "./calls/actions";
import { systemCtx } from "@/lib/context";
import { getBusiness } from "@/lib/businesses/list-businesses";

export const dynamic = "force-dynamic";

/** Business areas (and the API reference, which operators see too). */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireLayout("(dashboard)");
  const context = user.businessId
    ? (await getBusiness(systemCtx(), user.businessId)).name
    : "Operator console";
  // A business user's own status (the header's control) and the Inbox's unread count.
  const own = user.businessId
    ? await Promise.all([
        getUserStatus(userCtx(user), user.businessId, user.id),
        countUnread(userCtx(user), user.businessId),
      ])
    : null;
  return (
    <AppShell
      user={user}
      signOut={signOutAction}
      context={context}
      status={own ? { current: own[0].userStatus, set: setMyStatusAction } : undefined}
      badges={own ? { "/inbox": own[1] } : {}}
    >
      {children}
    </AppShell>
  );
}
