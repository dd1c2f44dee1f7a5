"use client";

import type { UseFormReturn } from "react-hook-form";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import type { ChatappFormValues } from "./build-template";

const OTP_OPTIONS = [
  { value: "COPY_CODE", label: "Copy code" },
  { value: "ONE_TAP", label: "One-tap autofill (Android)" },
  { value: "ZERO_TAP", label: "Zero-tap (Android)" },
];

/**
 * An AUTHENTICATION template as Meta defines it: Meta writes the body ("<code> is your
 * verification code.") and the footer, so the business picks the security recommendation, the
 * code's expiry and the OTP button (with its Android app for one-tap and zero-tap).
 */
export function AuthenticationCard({
  form,
  values,
}: {
  form: UseFormReturn<ChatappFormValues>;
  values: ChatappFormValues;
}) {
  const otpType = values.auth?.otpType ?? "COPY_CODE";
  const app = otpType !== "COPY_CODE";
  return (
    <Card>
      <CardHeader
        title="Authentication"
        description="Meta writes the message: the code, then the options chosen here. Each send gives the code."
      />
      <CardBody className="space-y-4">
        <FormField
          form={form}
          name="auth.securityRecommendation"
          kind="checkbox"
          label="Add “For your security, do not share this code.”"
        />
        <FormField
          form={form}
          name="auth.codeExpiration"
          label="Code expires after (minutes)"
          hint="Optional, 1 to 90: adds “This code expires in N minutes.”"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField form={form} name="auth.otpType" kind="select" label="OTP button" options={OTP_OPTIONS} />
          <FormField
            form={form}
            name="auth.copyText"
            label="Copy code button text"
            hint="Optional, up to 25 characters"
          />
          {app ? (
            <>
              <FormField
                form={form}
                name="auth.autofillText"
                label="Autofill button text"
                hint="Optional, up to 25 characters"
              />
              <FormField
                form={form}
                name="auth.packageName"
                label="Android package name"
                required
                hint="e.g. com.example.app"
              />
              <FormField
                form={form}
                name="auth.signatureHash"
                label="App signing key hash"
                required
                hint="11 characters"
              />
            </>
          ) : null}
        </div>
        {otpType === "ZERO_TAP" ? (
          <FormField
            form={form}
            name="auth.zeroTapTerms"
            kind="checkbox"
            label="I accept Meta's terms for zero-tap authentication"
          />
        ) : null}
      </CardBody>
    </Card>
  );
}
