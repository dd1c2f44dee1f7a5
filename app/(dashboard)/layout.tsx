import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { signOutAction } from "@/app/(auth)/actions";
import { requireLayout } from "@/lib/auth/guard";
import { systemCtx } from "@/lib/context";
import { getBusiness } from "@/lib/businesses/list-businesses";

export const dynamic = "force-dynamic";

/** Business areas (and the API reference, which operators see too). */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireLayout("(dashboard)");
  const context = user.businessId
    ? (await getBusiness(systemCtx(), user.businessId)).name
    : "Operator console";
  return (
    <AppShell user={user} signOut={signOutAction} context={context}>
      {children}
    </AppShell>
  );
}
