"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { useUrlParams } from "@/components/ui/use-url-params";
import {
  messageSearchFilters,
  messageStatuses,
  type MessageSearchForm,
} from "@/lib/messages/status/search-schemas";

const keys = ["number", "transactionId", "messageId", "template", "status", "from", "to"] as const;
const empty: Required<MessageSearchForm> = {
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
 * The search form of the messages table. Filters live in the URL (shareable, back button),
 * validated by the same zod schema the page parses them with; paging restarts at page 1.
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
      ...initial,
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
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <FormField
              form={form}
              name="number"
              label="Recipient number"
              placeholder="919812345678 or 9812345678"
              hint="With the country code, or national (your business's default country)"
              type="search"
            />
            <FormField form={form} name="transactionId" label="Transaction id" type="search" />
            <FormField form={form} name="messageId" label="Message id" type="search" />
            <FormField
              form={form}
              name="template"
              label="Template"
              placeholder="order_update"
              type="search"
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
