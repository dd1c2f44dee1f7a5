"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { TestValues } from "@/components/templates/test-values";
import { FormField } from "@/components/ui/form-field";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { sendTestInput, type SendTestInput } from "@/lib/messages/send/send-test-schema";
import type { TestField } from "@/lib/templates/test-slots";
import { sendTestMessageAction } from "./actions";

type Sent = { messageId: string; recipient: string };

/**
 * Sends the approved template to one of the business's test numbers (Settings) through the
 * API's own send path, with the template's samples (and its image) pre-filled, media headers
 * and carousel cards included; then links to the message and to the virtual phone. Only test
 * numbers are offered: never a number because something was sent to it (a customer).
 */
export function SendTestCard({
  templateId,
  fields,
  testNumbers,
}: {
  templateId: string;
  fields: TestField[];
  testNumbers: string[];
}) {
  const form = useForm<SendTestInput>({
    resolver: zodResolver(sendTestInput),
    defaultValues: {
      templateId,
      to: testNumbers[0] ? `+${testNumbers[0]}` : "",
      values: fields.map((f) => f.example),
      keep: true,
    },
  });
  const to = useWatch({ control: form.control, name: "to" });
  const typed = (to ?? "").replace(/[^\d]/g, "");
  const isTestNumber = testNumbers.includes(typed);
  const [sent, setSent] = useState<Sent | null>(null);
  const { submit, error } = useActionSubmit(
    form,
    (v) => {
      setSent(null);
      const input = v as { templateId: string; to: string; values: string[]; keep?: boolean };
      return sendTestMessageAction({ ...input, keep: !isTestNumber && input.keep === true });
    },
    setSent,
  );
  return (
    <Card id="send-test">
      <CardHeader
        title="Send a test"
        description="One message to one of your test numbers, sent exactly as the API sends it. Simulator numbers show up on the virtual phone."
      />
      <CardBody>
        <form onSubmit={submit} noValidate aria-label="Send a test" className="space-y-4">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <FormField
            form={form}
            name="to"
            label="Test number"
            type="tel"
            placeholder="+91 98123 40002"
            hint={
              testNumbers.length
                ? "A test number below, or another number with its country code."
                : "No test numbers yet: type one with its country code, or add them in Settings or on the virtual phone."
            }
          />
          {testNumbers.length ? (
            <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Test numbers">
              <span className="text-slate-600">Test numbers:</span>
              {testNumbers.map((r) => (
                <Button
                  key={r}
                  type="button"
                  size="sm"
                  variant={r === typed ? "primary" : "secondary"}
                  aria-pressed={r === typed}
                  onClick={() => form.setValue("to", `+${r}`, { shouldValidate: true })}
                >
                  +{r}
                </Button>
              ))}
            </div>
          ) : null}
          {typed && !isTestNumber ? (
            <FormField form={form} name="keep" kind="checkbox" label="Add this number to the test numbers" />
          ) : null}
          <p className="text-xs text-slate-600">
            <Link href="/settings#test-numbers" className="underline underline-offset-2">
              Manage test numbers
            </Link>
          </p>
          <TestValues form={form} fields={fields} className="sm:grid-cols-2" />
          <Button type="submit" loading={form.formState.isSubmitting}>
            Send test
          </Button>
          {sent ? (
            <Alert tone="success" title="Sent">
              <span className="flex flex-wrap gap-x-4 gap-y-1" data-testid="test-sent">
                <Link href={`/messages/${sent.messageId}`} className="font-medium underline">
                  Open the message
                </Link>
                <Link href={`/virtual-phone?number=${sent.recipient}`} className="font-medium underline">
                  See it on the virtual phone
                </Link>
              </span>
            </Alert>
          ) : null}
        </form>
      </CardBody>
    </Card>
  );
}
