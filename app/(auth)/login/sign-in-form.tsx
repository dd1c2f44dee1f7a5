"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { applyActionErrors, FormField } from "@/components/ui/form-field";
import { signInInput } from "@/lib/users/schemas";
import { signInAction } from "../actions";

export function SignInForm() {
  const form = useForm({ resolver: zodResolver(signInInput), defaultValues: { email: "", password: "" } });
  const [error, setError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const res = await signInAction(values);
    // On success the action redirects and this line is never reached.
    setError(applyActionErrors(form, res));
    form.setValue("password", "");
    form.setFocus("password");
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <FormField
        form={form}
        name="email"
        label="E-mail"
        type="email"
        autoComplete="username"
        autoFocus
        required
      />
      <FormField
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
        Sign in
      </Button>
    </form>
  );
}
