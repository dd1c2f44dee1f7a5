"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { addTestNumberAction, removeTestNumberAction } from "./actions";

const addForm = z.object({
  number: z
    .string()
    .trim()
    .transform((s) => s.replace(/[\s().-]/g, ""))
    .pipe(z.string().regex(/^\+?\d{6,15}$/, "A number with its country code, e.g. +91 98123 40002")),
});

/**
 * The business's test numbers: where "Send a test" sends (an admin's own phone, simulator
 * numbers picked on the virtual phone). Added here or on the virtual phone, removed after a
 * confirmation; nothing is added because a message was sent to it.
 */
export function TestNumbersCard({ testNumbers }: { testNumbers: string[] }) {
  const router = useRouter();
  const toast = useToast();
  const form = useForm({ resolver: zodResolver(addForm), defaultValues: { number: "" } });
  const { submit, error } = useActionSubmit(
    form,
    (v) => addTestNumberAction(v.number),
    () => {
      toast.show({ tone: "success", title: "Test number added" });
      form.reset({ number: "" });
      router.refresh();
    },
  );
  return (
    <Card className="max-w-2xl" id="test-numbers">
      <CardHeader
        title="Test numbers"
        description="“Send a test” on a template's page offers only these numbers. Add your own phone, or pick simulator numbers on the virtual phone."
      />
      <CardBody className="space-y-4">
        {testNumbers.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="no-test-numbers">
            No test numbers yet. Add one below or from the{" "}
            <Link href="/virtual-phone" className="underline underline-offset-2">
              virtual phone
            </Link>
            .
          </p>
        ) : (
          <ul
            aria-label="Test numbers"
            className="divide-y divide-slate-100 rounded-md border border-slate-200"
          >
            {testNumbers.map((n) => (
              <li key={n} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span className="font-mono text-slate-900">+{n}</span>
                <ConfirmButton
                  label="Remove"
                  subject={`+${n}`}
                  title={`Remove +${n} from the test numbers?`}
                  description="“Send a test” will no longer offer it. Messages already sent to it stay as they are."
                  confirmLabel="Remove"
                  run={() => removeTestNumberAction(n)}
                  done={() => ({ title: "Test number removed", description: `+${n}` })}
                />
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} noValidate aria-label="Add a test number" className="space-y-3">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <div className="flex flex-wrap items-start gap-3">
            <FormField
              form={form}
              name="number"
              type="tel"
              label="Add a number"
              placeholder="+91 98123 40002"
              hint="With the country code; spaces are fine."
              className="min-w-0 flex-1 basis-56"
            />
            <Button type="submit" loading={form.formState.isSubmitting} className="sm:mt-6">
              Add
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
