"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import {
  campaignFilters,
  campaignStatuses,
  type CampaignFilters,
} from "@/lib/promotions/dashboard/campaign-filters";
import { useUrlParams } from "@/components/ui/use-url-params";

const none: CampaignFilters = { channel: "", status: "", from: "", to: "" };

/**
 * Channel, status and created-date filters of the campaigns table. A change applies at once
 * (into the URL, page 1) when the filters are valid; a reversed date range shows its error
 * on the field instead.
 */
export function CampaignFiltersForm({ initial }: { initial: CampaignFilters }) {
  const { setParams } = useUrlParams();
  // A filter change starts again at page 1.
  const set = (values: Record<string, string>) => setParams({ ...values, page: null });
  const form = useForm({ resolver: zodResolver(campaignFilters), defaultValues: initial, mode: "onChange" });
  const dirty = Object.values(initial).some((v) => v !== "");
  return (
    <form
      aria-label="Campaign filters"
      noValidate
      onSubmit={(e) => e.preventDefault()}
      // Fields change one at a time; the bubbled change applies the whole (validated) set.
      onChange={() => void form.handleSubmit(set)()}
      className="mb-4 grid grid-cols-2 items-start gap-3 sm:flex sm:flex-wrap sm:items-end"
    >
      <FormField
        form={form}
        name="channel"
        label="Channel"
        kind="select"
        className="sm:w-36"
        options={[
          { value: "", label: "All channels" },
          { value: "chatapp", label: "Chatapp" },
          { value: "rcs", label: "RCS" },
        ]}
      />
      <FormField
        form={form}
        name="status"
        label="Status"
        kind="select"
        className="sm:w-40"
        options={[
          { value: "", label: "All statuses" },
          ...campaignStatuses.map((s) => ({ value: s, label: s })),
        ]}
      />
      <FormField form={form} name="from" label="Created from" type="date" className="sm:w-40" />
      <FormField form={form} name="to" label="Created to" type="date" className="sm:w-40" />
      {dirty ? (
        <Button
          type="button"
          variant="ghost"
          className="self-end"
          onClick={() => {
            form.reset(none);
            set(none);
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </form>
  );
}
