"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";
import { Select } from "@/components/ui/field";
import type { TemplateSearchFilters } from "@/lib/templates/search-schemas";

const filters = [
  {
    key: "channel",
    label: "Channel",
    options: [
      { value: "", label: "All channels" },
      { value: "chatapp", label: "Chatapp" },
      { value: "rcs", label: "RCS" },
    ],
  },
  {
    key: "status",
    label: "Status",
    options: [
      { value: "", label: "All statuses" },
      { value: "PENDING", label: "Pending" },
      { value: "APPROVED", label: "Approved" },
      { value: "REJECTED", label: "Rejected" },
    ],
  },
  {
    key: "category",
    label: "Category",
    options: [
      { value: "", label: "All categories" },
      { value: "UTILITY", label: "Utility" },
      { value: "MARKETING", label: "Marketing" },
      { value: "AUTHENTICATION", label: "Authentication" },
    ],
  },
] as const;

/**
 * The templates table's filters. They live in the URL (shareable, back button, kept on reload),
 * like the search box, sort and page; a change starts again at page 1.
 */
export function TemplateFilters({ filters: current }: { filters: TemplateSearchFilters }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [, startTransition] = useTransition();

  function set(key: string, value: string) {
    const next = new URLSearchParams(params.toString());
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete("page");
    const qs = next.toString();
    startTransition(() => router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false }));
  }

  return (
    <div className="flex flex-wrap gap-2">
      {filters.map((f) => (
        <Select
          key={f.key}
          label={f.label}
          hideLabel
          className="w-auto"
          value={current[f.key]}
          onChange={(e) => set(f.key, e.target.value)}
          options={[...f.options]}
        />
      ))}
    </div>
  );
}
