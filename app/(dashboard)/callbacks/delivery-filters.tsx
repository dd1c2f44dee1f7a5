"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { callbackEventTypes } from "@/lib/callbacks/schemas";

/** Endpoint, status and event filters (kept in the URL by the log) and a refresh button. */
export function DeliveryFilters({
  endpoints,
  filters,
  setFilter,
}: {
  endpoints: Array<{ id: string; url: string }>;
  filters: { endpoint: string; status: string; event: string };
  setFilter: (key: string, value: string) => void;
}) {
  const router = useRouter();
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Select
        label="Endpoint"
        hideLabel
        value={filters.endpoint}
        onChange={(e) => setFilter("endpoint", e.target.value)}
        options={[
          { value: "", label: "All endpoints" },
          ...endpoints.map((e) => ({ value: e.id, label: e.url })),
        ]}
        className="w-56"
      />
      <Select
        label="Status"
        hideLabel
        value={filters.status}
        onChange={(e) => setFilter("status", e.target.value)}
        options={[
          { value: "", label: "Any status" },
          { value: "delivered", label: "Delivered" },
          { value: "pending", label: "Pending (retrying)" },
          { value: "failed", label: "Failed" },
        ]}
        className="w-44"
      />
      <Select
        label="Event"
        hideLabel
        value={filters.event}
        onChange={(e) => setFilter("event", e.target.value)}
        options={[
          { value: "", label: "Any event" },
          ...callbackEventTypes.map((t) => ({ value: t, label: t })),
        ]}
        className="w-44"
      />
      <Button variant="secondary" onClick={() => router.refresh()}>
        Refresh
      </Button>
    </div>
  );
}
