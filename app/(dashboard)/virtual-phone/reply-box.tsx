"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { customerReplyInput, type CustomerReplyInput } from "@/lib/inbound/schemas";
import { customerReplyAction } from "./actions";
import type { PhoneChannel } from "./phone-format";

/** The number writes back to the business: stored as a customer message, message.received raised. */
export function ReplyBox({ number, channel }: { number: string; channel: PhoneChannel }) {
  const router = useRouter();
  const toast = useToast();
  const form = useForm<CustomerReplyInput>({
    resolver: zodResolver(customerReplyInput),
    defaultValues: { channel, text: "" },
  });
  const submit = form.handleSubmit(async (values) => {
    const res = await customerReplyAction(number, values);
    if (!res.ok) {
      form.setError("text", { type: "server", message: res.fieldErrors[0]?.message ?? res.message });
      return;
    }
    toast.show({
      tone: "success",
      title: "Reply sent",
      description: "Endpoints subscribed to message.received get it",
    });
    form.reset({ channel, text: "" });
    router.refresh();
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex items-start gap-2 border-t border-slate-300 bg-slate-100 p-2"
    >
      <Input
        {...form.register("text")}
        label={`Reply as +${number}`}
        hideLabel
        placeholder="Reply to the business"
        autoComplete="off"
        error={form.formState.errors.text?.message}
        className="flex-1"
      />
      <Button type="submit" loading={form.formState.isSubmitting}>
        Send
      </Button>
    </form>
  );
}
