"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { FormField } from "@/components/ui/form-field";
import { formatInZone } from "@/components/ui/format";
import { KeepNumber } from "./keep-number";
import { phoneNumberForm, type PhoneNumberForm } from "./number-schema";

export type RecentNumber = { recipient: string; messages: number; lastAt: Date; channels: string[] };

export function NumberPicker({
  current,
  recent,
  testNumbers,
  error,
  timeZone,
}: {
  current: string;
  recent: RecentNumber[];
  /** The business's test numbers: the open one can be added to them. */
  testNumbers: string[];
  error: string | null;
  timeZone: string;
}) {
  const router = useRouter();
  const form = useForm<PhoneNumberForm>({
    resolver: zodResolver(phoneNumberForm),
    defaultValues: { number: current },
  });
  // A number refused by the server (not a real number) shows on the field.
  useEffect(() => {
    if (error) form.setError("number", { message: error });
  }, [error, form]);
  const onSubmit = form.handleSubmit(({ number }) => {
    router.push(`/virtual-phone?number=${encodeURIComponent(number.replace(/^\+/, ""))}`);
  });
  return (
    <Card>
      <CardHeader
        title="Test number"
        description="The simulator delivers to this number; see what it received."
      />
      <CardBody className="space-y-5">
        <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Pick a test number">
          <FormField form={form} name="number" label="Phone number" type="tel" placeholder="919812345678" />
          <Button type="submit">Open</Button>
        </form>
        {current && !error ? (
          <KeepNumber number={current} isTestNumber={testNumbers.includes(current)} />
        ) : null}
        <div>
          <h3 className="text-sm font-medium text-slate-900">Recent numbers</h3>
          {recent.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">
              Nothing sent through the simulator yet. Send a message with the API to any number.
            </p>
          ) : (
            <ul className="mt-2 space-y-1" aria-label="Recent numbers">
              {recent.map((r) => (
                <li key={r.recipient}>
                  <Link
                    href={`/virtual-phone?number=${r.recipient}`}
                    aria-current={r.recipient === current ? "true" : undefined}
                    className={cn(
                      "flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100",
                      r.recipient === current && "bg-indigo-50 text-indigo-800",
                    )}
                  >
                    <span className="font-mono">+{r.recipient}</span>
                    <span className="text-xs text-slate-600">
                      {r.messages} · {formatInZone(r.lastAt, timeZone)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
        <p className="text-xs text-slate-500">
          Outcomes depend on the number&apos;s last digits (see docs/simulator.md): …0047 fails with 131047,
          …0002 stops at delivered, …0003 at sent, …0404 is not RCS-capable; others are read.
        </p>
      </CardBody>
    </Card>
  );
}
