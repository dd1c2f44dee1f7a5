import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { signOutAction } from "@/app/(auth)/actions";
import { requireLayout } from "@/lib/auth/guard";

export const dynamic = "force-dynamic";

/** The operator console: the same shell, operator navigation, operators only. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await requireLayout("(console)");
  return (
    <AppShell user={user} signOut={signOutAction} context="Operator console">
      {children}
    </AppShell>
  );
}
