"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn, focusRing } from "@/components/ui/cn";
import { Icon } from "@/components/ui/icons";
import type { NavSection } from "./nav";
import { useBadges } from "./live-badges";
import { NavPending } from "./nav-pending";

export function NavLinks({ sections }: { sections: NavSection[] }) {
  const pathname = usePathname();
  // A count beside a link (by href), e.g. the Inbox's unread conversations, kept live.
  const badges = useBadges();
  const hrefs = sections.flatMap((s) => s.items.map((i) => i.href));
  return (
    <div className="space-y-6">
      {sections.map((s) => (
        <div key={s.title}>
          <p className="px-3 text-xs font-semibold tracking-wide text-slate-400 uppercase">{s.title}</p>
          <ul className="mt-2 space-y-0.5">
            {s.items.map((item) => {
              // The most specific item is the current one: /inbox/settings is not the Inbox too.
              const active =
                (pathname === item.href || pathname.startsWith(`${item.href}/`)) &&
                !hrefs.some(
                  (h) => h.length > item.href.length && (pathname === h || pathname.startsWith(`${h}/`)),
                );
              return (
                <li key={`${item.href}-${item.label}`}>
                  <Link
                    href={item.href}
                    // No prefetch: every page is dynamic and has no loading.tsx, so a prefetch
                    // brings only the route tree (~300 bytes), yet each runs the proxy's
                    // session check: the menu's links sent ~17 requests per page view, ~40% of
                    // the server's CPU for it (docs/decisions/ci-time.md). A click fetches the
                    // page in one request instead.
                    prefetch={false}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "group flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                      focusRing,
                      "focus-visible:outline-indigo-400",
                      active
                        ? "bg-slate-800 text-white"
                        : "text-slate-300 hover:bg-slate-800/60 hover:text-white",
                    )}
                  >
                    <Icon
                      name={item.icon}
                      className={cn(
                        "size-5",
                        active ? "text-indigo-300" : "text-slate-400 group-hover:text-slate-200",
                      )}
                    />
                    {item.label}
                    {badges[item.href] ? (
                      <span className="ml-auto rounded-full bg-indigo-500 px-1.5 text-xs font-semibold text-white">
                        {badges[item.href]}
                        <span className="sr-only"> unread</span>
                      </span>
                    ) : null}
                    <NavPending />
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
