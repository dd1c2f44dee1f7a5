"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { TestValues } from "@/components/templates/test-values";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Input, Select } from "@/components/ui/field";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import type { TestField } from "@/lib/templates/test-slots";
import { sendTestInput, type SendTestInput } from "@/lib/messages/send/send-test-schema";
import { phoneSendAction } from "./actions";

export type SendableTemplate = { id: string; label: string; slots: TestField[] };

/**
 * Sends an approved template to a test number through the API's send path, with the template's
 * sample values pre-filled; the phone then opens on that number to watch it arrive.
 */
export function SendBox({ templates, number }: { templates: SendableTemplate[]; number: string }) {
  const router = useRouter();
  const first = templates[0];
  const form = useForm<SendTestInput>({
    resolver: zodResolver(sendTestInput),
    defaultValues: {
      templateId: first?.id ?? "",
      to: number,
      values: first?.slots.map((s) => s.example) ?? [],
    },
  });
  const [sent, setSent] = useState<{ messageId: string; to: string } | null>(null);
  const { submit, error } = useActionSubmit(form, phoneSendAction, (data) => {
    setSent(data);
    router.push(`/virtual-phone?number=${encodeURIComponent(data.to)}`);
  });
  const templateId = useWatch({ control: form.control, name: "templateId" });
  const chosen = templates.find((t) => t.id === templateId);
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader title="Send" description="A template message to a test number, as the API sends it." />
      <CardBody>
        {templates.length === 0 ? (
          <p className="text-sm text-slate-600">
            No approved template yet.{" "}
            <Link href="/templates" className="text-indigo-700 underline">
              Create one
            </Link>
            ; the simulator approves it in seconds.
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-3" aria-label="Send a test message">
            {error ? <Alert tone="danger">{error}</Alert> : null}
            {sent ? (
              <Alert tone="success">
                Sent.{" "}
                <Link href={`/messages/${sent.messageId}`} className="underline">
                  See the message
                </Link>
              </Alert>
            ) : null}
            <Select
              label="Template"
              options={templates.map((t) => ({ value: t.id, label: t.label }))}
              {...form.register("templateId", {
                onChange: (e) => {
                  const t = templates.find((x) => x.id === e.target.value);
                  form.setValue("values", t?.slots.map((s) => s.example) ?? []);
                  setSent(null);
                },
              })}
              error={errors.templateId?.message}
            />
            <Input
              label="To"
              type="tel"
              placeholder="+91 98123 40001"
              {...form.register("to")}
              error={errors.to?.message}
            />
            {chosen ? <TestValues key={chosen.id} form={form} fields={chosen.slots} /> : null}
            <Button type="submit" loading={form.formState.isSubmitting}>
              Send
            </Button>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
