import type { IconName } from "@/components/ui/icons";
import type { Role } from "@/lib/auth/roles";

export type NavItem = { href: string; label: string; icon: IconName };
export type NavSection = { title: string; items: NavItem[] };

const B = ["BUSINESS_ADMIN", "MANAGER", "BRANCH_ADMIN"] as const;

// One table of who sees what. Pages enforce access themselves; this only decides the menu.
const sections: Array<{ title: string; items: Array<NavItem & { roles: readonly Role[] }> }> = [
  {
    title: "Console",
    items: [
      { href: "/console/businesses", label: "Businesses", icon: "building", roles: ["OPERATOR"] },
      { href: "/console/templates", label: "Template review", icon: "review", roles: ["OPERATOR"] },
    ],
  },
  {
    title: "Messaging",
    items: [
      { href: "/templates", label: "Templates", icon: "templates", roles: B },
      { href: "/messages", label: "Messages", icon: "messages", roles: B },
      { href: "/virtual-phone", label: "Virtual phone", icon: "calls", roles: B },
      { href: "/campaigns", label: "Campaigns", icon: "campaigns", roles: B },
      { href: "/profiles", label: "Profiles", icon: "profiles", roles: B },
    ],
  },
  {
    title: "People",
    items: [
      { href: "/users", label: "Users & Teams", icon: "users", roles: B },
      { href: "/calls", label: "Calls", icon: "calls", roles: B },
      { href: "/calls", label: "My status & calls", icon: "status", roles: ["AGENT"] },
    ],
  },
  {
    title: "Developers",
    items: [
      { href: "/callbacks", label: "Callbacks", icon: "callbacks", roles: ["BUSINESS_ADMIN", "MANAGER"] },
      { href: "/api-keys", label: "API keys", icon: "key", roles: ["BUSINESS_ADMIN"] },
      // Business settings (default country); page and action check BUSINESS_ADMIN themselves.
      { href: "/settings", label: "Settings", icon: "building", roles: ["BUSINESS_ADMIN"] },
      {
        href: "/api-reference",
        label: "API reference",
        icon: "book",
        roles: ["OPERATOR", "BUSINESS_ADMIN", "MANAGER", "BRANCH_ADMIN"],
      },
    ],
  },
];

export function navFor(role: Role): NavSection[] {
  return sections
    .map((s) => ({
      title: s.title,
      items: s.items
        .filter((i) => i.roles.includes(role))
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
