"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { HoursForm, WEEKDAYS, hoursFormValues } from "@/lib/flows/business-hours/hours-form";
import type { BusinessHours } from "@/lib/flows/business-hours/hours-schema";
import { saveBusinessHoursAction } from "./actions";

/** The "Business hours" card: the weekly schedule, its time zone, holidays and the away notice. */
export function HoursCard({
  hours,
  timeZones,
}: {
  hours: BusinessHours | null;
  timeZones: Array<{ value: string; label: string }>;
}) {
  const router = useRouter();
  const toast = useToast();
  const form = useForm({ resolver: zodResolver(HoursForm), defaultValues: hoursFormValues(hours) });
  const { submit, error } = useActionSubmit(form, saveBusinessHoursAction, (saved) => {
    toast.show({ tone: "success", title: "Business hours saved", description: saved.timeZone });
    form.reset(hoursFormValues(saved));
    router.refresh();
  });
  return (
    <Card className="max-w-2xl">
      <CardHeader
        title="Business hours"
        description="When you are open, in your time zone. Outside them an away flow answers, and without one the away notice below is sent (once per closed period), also when no agent is Available."
      />
      <form onSubmit={submit} noValidate aria-label="Business hours">
        <CardBody className="space-y-4">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <FormField form={form} name="timeZone" kind="select" label="Time zone" options={timeZones} />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">
              Opening hours (leave both empty for a closed day)
            </legend>
            {WEEKDAYS.map((day, i) => (
              <div key={day} className="grid grid-cols-1 gap-2 sm:grid-cols-[8rem_1fr_1fr] sm:items-start">
                <span className="pt-2 text-sm text-slate-700">{day}</span>
                <FormField form={form} name={`days.${i}.open`} label={`${day} opens`} placeholder="09:00" />
                <FormField form={form} name={`days.${i}.close`} label={`${day} closes`} placeholder="17:00" />
              </div>
            ))}
          </fieldset>
          <FormField
            form={form}
            name="holidays"
            kind="textarea"
            rows={3}
            label="Holidays (closed all day)"
            hint="One date per line, as YYYY-MM-DD"
          />
          <FormField
            form={form}
            name="awayText"
            kind="textarea"
            rows={3}
            label="Away notice"
            hint="Sent when no flow answers while you are closed or nobody is on shift; empty: none"
          />
        </CardBody>
        <CardFooter>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save business hours
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
