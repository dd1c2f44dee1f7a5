"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { BusinessLocaleFields } from "@/components/businesses/business-locale-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { useToast } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import type { CountryOption } from "@/lib/businesses/country-options";
import { businessSettingsForm } from "@/lib/businesses/schemas";
import { saveBusinessSettingsAction } from "./actions";

/** The "Business settings" card: the default country of typed phone numbers and the time zone. */
export function BusinessSettings(props: {
  defaultCountry: string | null;
  countries: CountryOption[];
  timeZone: string;
  timeZones: CountryOption[];
}) {
  const router = useRouter();
  const toast = useToast();
  const form = useForm({
    resolver: zodResolver(businessSettingsForm),
    defaultValues: { defaultCountry: props.defaultCountry ?? "", timeZone: props.timeZone },
  });
  const { submit, error } = useActionSubmit(form, saveBusinessSettingsAction, (data) => {
    toast.show({
      tone: "success",
      title: "Settings saved",
      description: `Default country: ${data.defaultCountry ?? "none"}`,
    });
    form.reset({ defaultCountry: data.defaultCountry ?? "", timeZone: data.timeZone });
    router.refresh();
  });
  return (
    <Card className="max-w-2xl">
      <CardHeader
        title="Business settings"
        description="National phone numbers (typed without a country code) are read as numbers of the default country: users' numbers, numbers to call, profiles uploaded without countrycode, and the number filters. Numbers with their country code work whatever it is; message sends always take the full international number."
      />
      <form onSubmit={submit} noValidate aria-label="Business settings">
        <CardBody className="space-y-4">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <BusinessLocaleFields
            form={form}
            countries={props.countries}
            timeZones={props.timeZones}
            hints={{
              defaultCountry: "Changing it does not change stored numbers, only how new ones are read.",
              timeZone:
                "Where your calendar days start: an RCS campaign created without an expiry ends at the coming midnight here.",
            }}
          />
        </CardBody>
        <CardFooter>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
