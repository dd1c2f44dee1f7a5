"use client";

import { useWatch, type UseFormReturn } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/field";
import { FormField } from "@/components/ui/form-field";
import type { ChannelSecretKey, ChannelSettingsForm } from "@/lib/businesses/channel-settings-schemas";
import type { Channel } from "@/lib/businesses/schemas";

/** The write-only secrets of each channel: label, and what applies while none is stored. */
export const secretFields: Record<Channel, { key: ChannelSecretKey; label: string; fallback: string }[]> = {
  chatapp: [
    {
      key: "accessToken",
      label: "Access token",
      fallback: "While not set, the server's WHATSAPP_ACCESS_TOKEN is used",
    },
    {
      key: "appSecret",
      label: "App secret",
      fallback: "While not set, this business's webhook URL refuses events",
    },
    {
      key: "verifyToken",
      label: "Verify token",
      fallback: "While not set, this business's webhook URL refuses Meta's subscription check",
    },
  ],
  rcs: [
    {
      key: "accessToken",
      label: "Access token",
      fallback: "While not set, the server's RBM_ACCESS_TOKEN is used",
    },
    {
      key: "clientToken",
      label: "Client token",
      fallback: "While not set, this business's webhook URL refuses events",
    },
  ],
};

/** A write-only secret: "Configured" or "Not set", a blank input that replaces it, and removal. */
export function SecretField({
  form,
  field,
  configured,
}: {
  form: UseFormReturn<ChannelSettingsForm>;
  field: { key: ChannelSecretKey; label: string; fallback: string };
  configured: boolean;
}) {
  const clear = useWatch({ control: form.control, name: "clear" }) ?? [];
  const removing = clear.includes(field.key);
  return (
    <div className="space-y-2">
      <FormField
        form={form}
        name={field.key}
        type="password"
        autoComplete="new-password"
        disabled={removing}
        label={
          <span className="inline-flex items-center gap-2">
            {field.label}
            <Badge tone={configured ? "success" : "neutral"} dot>
              {configured ? "Configured" : "Not set"}
            </Badge>
          </span>
        }
        placeholder={configured ? "Stored; type to replace it" : "Type to set it"}
        hint={configured ? "Leave blank to keep the stored value" : field.fallback}
      />
      {configured ? (
        <Checkbox
          label={`Remove the stored ${field.label.toLowerCase()}`}
          checked={removing}
          onChange={(e) => {
            const next = e.currentTarget.checked
              ? [...clear, field.key]
              : clear.filter((k: ChannelSecretKey) => k !== field.key);
            form.setValue("clear", next, { shouldDirty: true });
            if (e.currentTarget.checked) form.setValue(field.key, "");
          }}
        />
      ) : null}
    </div>
  );
}
