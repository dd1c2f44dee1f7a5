import Link from "next/link";
import { cn, focusRing } from "@/components/ui/cn";

const tabs = [
  { href: "/campaigns", label: "Campaigns" },
  { href: "/campaigns/lists", label: "Lists" },
  { href: "/campaigns/opt-outs", label: "Opt-outs" },
] as const;

export type CampaignTab = (typeof tabs)[number]["href"];

/** Campaigns | Lists | Opt-outs: the three pages of the campaigns area, as links (each its own URL). */
export function CampaignTabs({ current }: { current: CampaignTab }) {
  return (
    <nav aria-label="Campaigns sections" className="mb-5 overflow-x-auto border-b border-slate-200">
      <ul className="-mb-px flex gap-4">
        {tabs.map((t) => {
          const active = t.href === current;
          return (
            <li key={t.href}>
              <Link
                href={t.href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-block rounded-t border-b-2 px-1 py-2 text-sm font-medium whitespace-nowrap",
                  active
                    ? "border-indigo-600 text-indigo-700"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                  focusRing,
                )}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
