import type { IconName } from "@/components/ui/icons";
import { pages, roleMay, type PageKey } from "@/lib/auth/access";
import type { Role } from "@/lib/auth/roles";

export type NavItem = { href: string; label: string; icon: IconName };
export type NavSection = { title: string; items: NavItem[] };

/**
 * The menu. Whether a role sees an item is the page's rule in lib/auth/access.ts, so the menu
 * never offers a page the server refuses, nor hides one it allows. `only` picks between two
 * labels of the same page.
 */
const sections: Array<{
  title: string;
  items: Array<{ href: PageKey; label: string; icon: IconName; only?: (role: Role) => boolean }>;
}> = [
  {
    title: "Console",
    items: [
      { href: "/console/businesses", label: "Businesses", icon: "building" },
      { href: "/console/templates", label: "Template review", icon: "review" },
      { href: "/console/system", label: "System", icon: "chart" },
    ],
  },
  {
    title: "Messaging",
    items: [
      { href: "/inbox", label: "Inbox", icon: "inbox" },
      { href: "/inbox/settings", label: "Inbox settings", icon: "adjustments" },
      { href: "/overview", label: "Overview", icon: "chart" },
      { href: "/templates", label: "Templates", icon: "templates" },
      { href: "/messages", label: "Messages", icon: "messages" },
      { href: "/virtual-phone", label: "Virtual phone", icon: "calls" },
      { href: "/replies", label: "Reply log", icon: "reply" },
      { href: "/campaigns", label: "Campaigns", icon: "campaigns" },
      { href: "/profiles", label: "Profiles", icon: "profiles" },
    ],
  },
  {
    title: "Automation",
    items: [
      { href: "/flows", label: "Flows", icon: "flows" },
      { href: "/flows/runs", label: "Flow runs", icon: "chart" },
    ],
  },
  {
    title: "People",
    items: [
      { href: "/users", label: "Users & Teams", icon: "users" },
      { href: "/calls", label: "Calls", icon: "calls", only: (r) => r !== "AGENT" },
      { href: "/calls", label: "My status & calls", icon: "status", only: (r) => r === "AGENT" },
    ],
  },
  {
    title: "Developers",
    items: [
      { href: "/callbacks", label: "Callbacks", icon: "callbacks" },
      { href: "/api-keys", label: "API keys", icon: "key" },
      { href: "/settings", label: "Settings", icon: "building" },
      { href: "/api-reference", label: "API reference", icon: "book" },
    ],
  },
];

export function navFor(role: Role): NavSection[] {
  return sections
    .map((s) => ({
      title: s.title,
      items: s.items
        .filter((i) => roleMay(role, pages[i.href]) && (i.only?.(role) ?? true))
        .map(({ href, label, icon }) => ({ href, label, icon })),
    }))
    .filter((s) => s.items.length > 0);
}

export const roleLabels: Record<Role, string> = {
  OPERATOR: "Operator",
  BUSINESS_ADMIN: "Business admin",
  MANAGER: "Manager",
  AGENT: "Agent",
  BRANCH_ADMIN: "Branch admin",
};
