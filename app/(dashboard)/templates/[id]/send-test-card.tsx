"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
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
 * Sends the approved template to one test number through the API's own send path, with the
 * template's samples (and its image) pre-filled, media headers and carousel cards included; then links to the message and to the virtual phone.
 */
export function SendTestCard({
  templateId,
  fields,
  recent,
}: {
  templateId: string;
  fields: TestField[];
  recent: string[];
}) {
  const form = useForm<SendTestInput>({
    resolver: zodResolver(sendTestInput),
    defaultValues: { templateId, to: recent[0] ? `+${recent[0]}` : "", values: fields.map((f) => f.example) },
  });
  const [sent, setSent] = useState<Sent | null>(null);
  const { submit, error } = useActionSubmit(
    form,
    (v) => {
      setSent(null);
      return sendTestMessageAction(v as { templateId: string; to: string; values: string[] });
    },
    setSent,
  );
  return (
    <Card id="send-test">
      <CardHeader
        title="Send a test"
        description="One message to a test number, sent exactly as the API sends it. Simulator numbers show up on the virtual phone."
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
            hint="With the country code; spaces are fine."
          />
          {recent.length ? (
            <div
              className="flex flex-wrap items-center gap-2 text-sm"
              role="group"
              aria-label="Recent numbers"
            >
              <span className="text-slate-600">Recent:</span>
              {recent.slice(0, 5).map((r) => (
                <Button
                  key={r}
                  type="button"
                  size="sm"
                  variant="secondary"
                  onClick={() => form.setValue("to", `+${r}`, { shouldValidate: true })}
                >
                  +{r}
                </Button>
              ))}
            </div>
          ) : null}
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
