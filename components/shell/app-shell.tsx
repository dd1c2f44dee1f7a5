import Link from "next/link";
import type { ReactNode } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { Icon } from "@/components/ui/icons";
import { ToastProvider } from "@/components/ui/toast";
import type { SessionUser } from "@/lib/users/schemas";
import { navFor, roleLabels } from "./nav";
import { AccountMenu } from "./account-menu";
import { MobileNav } from "./mobile-nav";
import { NavLinks } from "./nav-links";
import { LiveBadges } from "./live-badges";
import { StatusControl } from "./status-control";
import type { ActionResult } from "@/lib/actions/action-result";

/**
 * The frame of every signed-in page: a dark sidebar with the role's navigation (a disclosure
 * menu on small screens), a top bar with the business and the account menu, and the page content.
 */
export function AppShell({
  user,
  context,
  signOut,
  status,
  badges = {},
  children,
}: {
  user: SessionUser;
  /** A business user's own status and the action that sets it (from the layout, an edge). */
  status?: { current: string; set: (status: string) => Promise<ActionResult<{ userStatus: string }>> };
  /** Counts beside menu links by href (the Inbox's unread conversations). */
  badges?: Record<string, number>;
  /** The sign-out server action: an edge, so it lives in app/ and comes in from the layout. */
  signOut: () => Promise<unknown>;
  /** The business name, or "Operator console". */
  context: string;
  children: ReactNode;
}) {
  const sections = navFor(user.role);
  const brand = (
    <Link href="/" className={cn("flex items-center gap-2.5 rounded-md text-white", focusRing)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-500">
        <Icon name="switchboard" className="size-5" />
      </span>
      <span className="text-base font-semibold tracking-tight">Switchboard</span>
    </Link>
  );
  return (
    <ToastProvider>
      <LiveBadges initial={badges}>
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-slate-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {/*
        The sidebar is a column of the page's flex row, not a fixed box: its dark background
        stretches to the page's full height however long the page is (a fixed box is one
        screen high, so a full-page view of a long page showed it ending after the first
        screen), and its content sticks to the top of the window while the page scrolls.
      */}
        <div className="min-h-screen lg:flex">
          <aside className="hidden w-64 shrink-0 bg-slate-900 lg:block" aria-label="Sidebar">
            <div className="sticky top-0 flex h-screen flex-col">
              <div className="flex h-16 shrink-0 items-center px-5">{brand}</div>
              <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
                <NavLinks sections={sections} />
              </nav>
            </div>
          </aside>

          <div className="min-w-0 flex-1">
            <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
              <div className="flex h-16 items-center gap-4 px-4 sm:px-6 lg:px-8">
                <MobileNav sections={sections} />
                <p className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{context}</p>
                {status ? <StatusControl status={status.current} setStatus={status.set} /> : null}
                <AccountMenu
                  name={user.firstName}
                  email={user.email}
                  roleLabel={roleLabels[user.role]}
                  signOut={signOut}
                />
              </div>
            </header>

            <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
              {children}
            </main>
          </div>
        </div>
      </LiveBadges>
    </ToastProvider>
  );
}
