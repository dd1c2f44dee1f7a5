"use client";

import { Select } from "@/components/ui/field";
import { useUrlParams } from "@/components/ui/use-url-params";
import {
  templateFilterKeys,
  templateFilterOptions,
  type TemplateSearchFilters,
} from "@/lib/templates/search-schemas";

type TemplateFilterKey = keyof TemplateSearchFilters;

const labels: Record<TemplateFilterKey, { label: string; all: string }> = {
  channel: { label: "Channel", all: "All channels" },
  status: { label: "Status", all: "All statuses" },
  category: { label: "Category", all: "All categories" },
};
/** "chatapp" -> "Chatapp", "RCS" stays, "PENDING" -> "Pending". */
const optionLabel = (v: string) => (v === "rcs" ? "RCS" : v[0]!.toUpperCase() + v.slice(1).toLowerCase());
const filters = templateFilterKeys.map((key) => ({
  key,
  label: labels[key].label,
  options: [
    { value: "", label: labels[key].all },
    ...templateFilterOptions[key].map((value) => ({ value, label: optionLabel(value) })),
  ],
}));

/**
 * The templates table's filters. They live in the URL (shareable, back button, kept on reload),
 * like the search box, sort and page; a change starts again at page 1.
 */
export function TemplateFilters({ filters: current }: { filters: TemplateSearchFilters }) {
  const { setParams } = useUrlParams();
  return (
    <div className="flex flex-wrap gap-2">
      {filters.map((f) => (
        <Select
          key={f.key}
          label={f.label}
          hideLabel
          className="w-auto"
          value={current[f.key]}
          onChange={(e) => setParams({ [f.key]: e.target.value, page: null })}
          options={f.options}
        />
      ))}
    </div>
  );
}
