"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { BusinessLocaleFields } from "@/components/businesses/business-locale-fields";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { useSaveAndClose } from "@/components/ui/use-save-and-close";
import type { CountryOption } from "@/lib/businesses/country-options";
import { createBusinessInput } from "@/lib/businesses/schemas";
import { createBusinessAction } from "./actions";

export function CreateBusinessDialog({
  open,
  onClose,
  countries,
  timeZones,
}: {
  open: boolean;
  onClose: () => void;
  countries: CountryOption[];
  timeZones: CountryOption[];
}) {
  const form = useForm({
    resolver: zodResolver(createBusinessInput),
    defaultValues: { name: "", defaultCountry: "", timeZone: "UTC", chatappEnabled: true, rcsEnabled: true },
  });
  const { submit, error, setError } = useSaveAndClose(form, createBusinessAction, close, (data) => ({
    title: "Business created",
    description: data.name,
  }));
  function close() {
    setError(null);
    form.reset();
    onClose();
  }
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Create business"
      description="Both channels start on the simulator, so the business can send test messages at once."
      formId="create-business"
      onSubmit={submit}
      submitLabel="Create business"
      submitting={form.formState.isSubmitting}
      error={error}
      formClassName="space-y-5"
    >
      <FormField form={form} name="name" label="Name" placeholder="e.g. Acme Retail" autoFocus required />
      <BusinessLocaleFields
        form={form}
        countries={countries}
        timeZones={timeZones}
        hints={{
          defaultCountry:
            "How national phone numbers its people type are read (users, calls, profiles, filters). Its admins can change it under Settings.",
          timeZone:
            "The IANA zone its dates are shown in (reports, the overview, campaign expiry). Its admins can change it under Settings.",
        }}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Channels</legend>
        <FormField
          form={form}
          name="chatappEnabled"
          kind="switch"
          label="chatapp"
          hint="WhatsApp Business templates"
        />
        <FormField
          form={form}
          name="rcsEnabled"
          kind="switch"
          label="RCS"
          hint="Rich messages to Android phones"
        />
      </fieldset>
    </FormDialog>
  );
}
