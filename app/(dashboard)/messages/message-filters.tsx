"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { useUrlParams } from "@/components/ui/use-url-params";
import {
  messageSearchFilters,
  messageStatuses,
  type MessageSearchForm,
} from "@/lib/messages/status/search-schemas";

const keys = ["q", "number", "transactionId", "messageId", "template", "status", "from", "to"] as const;
/** Filters that links and older URLs carry; the search box shows them and replaces them. */
const linkKeys = ["transactionId", "messageId", "number", "template"] as const;
const empty: Required<MessageSearchForm> = {
  q: "",
  number: "",
  transactionId: "",
  messageId: "",
  template: "",
  status: "",
  from: "",
  to: "",
};

/** A date alone in the URL (its whole day) as the datetime-local input shows it. */
const asInput = (v: string | undefined, time: string) =>
  v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T${time}` : (v ?? "");

/**
 * The search form of the messages table: one search box (an id, a number or a template name),
 * the status and the time range. Filters live in the URL (shareable, back button), validated by
 * the same zod schema the page parses them with; paging restarts at page 1. A link's filter
 * (`?transactionId=`, `?number=` ...) shows in the search box and a new search replaces it.
 * From and To are wall times in the business's time zone (a date alone in the URL is its day).
 */
export function MessageFilters({
  initial,
  invalid,
  timeZone,
}: {
  initial: Record<string, string>;
  invalid: boolean;
  /** The business's zone: From and To are read in it, as the table shows times. */
  timeZone: string;
}) {
  const { setParams, pending } = useUrlParams();
  const form = useForm<MessageSearchForm>({
    resolver: zodResolver(messageSearchFilters),
    defaultValues: {
      ...empty,
      q: initial.q || linkKeys.map((k) => initial[k] ?? "").find((v) => v !== "") || "",
      status: (initial.status ?? "") as MessageSearchForm["status"],
      from: asInput(initial.from, "00:00"),
      to: asInput(initial.to, "23:59"),
    },
  });
  // Show why a filter from the URL was ignored.
  useEffect(() => {
    if (invalid) void form.trigger();
  }, [invalid, form]);

  const go = (values: Record<string, string>) =>
    setParams({ ...Object.fromEntries(keys.map((k) => [k, values[k]?.trim() ?? ""])), page: null });

  const onSubmit = form.handleSubmit((values) => go(values as Record<string, string>));
  return (
    <Card>
      <CardBody>
        <form onSubmit={onSubmit} noValidate aria-label="Message filters" className="space-y-4">
          {invalid ? (
            <Alert tone="warning">This link&apos;s filters are not valid: search again.</Alert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <FormField
              form={form}
              name="q"
              label="Search messages"
              placeholder="Id, number or template"
              hint="A message or transaction id, a number (with its country code, or national), or a template name"
              type="search"
              className="sm:col-span-2"
            />
            <FormField
              form={form}
              name="status"
              label="Status"
              kind="select"
              options={[
                { value: "", label: "Any status" },
                ...messageStatuses.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
              ]}
            />
            <FormField form={form} name="from" label={`From (${timeZone})`} type="datetime-local" />
            <FormField form={form} name="to" label={`To (${timeZone})`} type="datetime-local" />
            <div className="flex items-end gap-2">
              <Button type="submit" loading={pending}>
                Search
              </Button>
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  form.reset(empty);
                  go(empty);
                }}
              >
                Clear
              </Button>
            </div>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
