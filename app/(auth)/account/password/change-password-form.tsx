"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { applyActionErrors, FormField } from "@/components/ui/form-field";
import { changePasswordInput } from "@/lib/users/change-password-input";
import { changePasswordAction } from "../../actions";

export function ChangePasswordForm() {
  const form = useForm({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const [error, setError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setError(applyActionErrors(form, await changePasswordAction(values)));
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <FormField
        form={form}
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        autoFocus
        required
      />
      <FormField
        form={form}
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters."
        required
      />
      <FormField
        form={form}
        name="confirmPassword"
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        required
      />
      <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
        Save and continue
      </Button>
    </form>
  );
}
