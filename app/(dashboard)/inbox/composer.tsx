"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/field";
import { MAX_TEXT } from "@/lib/conversations/limits";
import { conversationStateAction, replyAction } from "./actions";

const TextReply = z.object({
  text: z.string().trim().min(1, "Write a message").max(MAX_TEXT, `At most ${MAX_TEXT} characters`),
});
type TextReply = z.infer<typeof TextReply>;

/** Text reply (Ctrl+Enter sends) and resolve, for the open conversation. */
export function Composer({
  conversationId,
  windowText,
  open,
  resolved,
}: {
  conversationId: string;
  /** The window's state in words (service-window.ts windowLabel). */
  windowText: string;
  /** Free-form replies possible now. */
  open: boolean;
  resolved: boolean;
}) {
  const router = useRouter();
  const form = useForm<TextReply>({ resolver: zodResolver(TextReply), defaultValues: { text: "" } });
  const submit = form.handleSubmit(async (values) => {
    const res = await replyAction(conversationId, { type: "text", text: values.text });
    if (!res.ok) {
      form.setError("text", { type: "server", message: res.fieldErrors[0]?.message ?? res.message });
      return;
    }
    form.reset({ text: "" });
    router.refresh();
  });
  const resolve = async () => {
    const res = await conversationStateAction(conversationId, resolved ? "open" : "resolved");
    if (res.ok) router.refresh();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2 border-t border-slate-200 bg-white p-3">
      <p className="text-xs text-slate-600" role="status">
        {windowText}
      </p>
      <Textarea
        {...form.register("text")}
        label="Reply"
        hideLabel
        rows={3}
        disabled={!open}
        placeholder={open ? "Write a reply (Ctrl+Enter sends); *bold*, _italic_" : "Window closed"}
        error={form.formState.errors.text?.message}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) void submit();
        }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={resolve}>
          {resolved ? "Reopen" : "Resolve"}
        </Button>
        <Button type="submit" disabled={!open} loading={form.formState.isSubmitting}>
          Send
        </Button>
      </div>
    </form>
  );
}
