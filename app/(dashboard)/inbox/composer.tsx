"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { WhatsAppText } from "@/components/messages/whatsapp-text";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/field";
import { MAX_CAPTION, MAX_TEXT } from "@/lib/conversations/limits";
import type { ReplyAttachment } from "@/lib/conversations/reply-media";
import { windowIsClosed, windowLabel } from "@/lib/conversations/service-window";
import type { SavedReply } from "@/lib/conversations/saved-reply-schema";
import type { ReplyTemplate } from "@/lib/conversations/template-reply-schema";
import { replyAction, templateReplyAction } from "./actions";
import { AttachmentPicker } from "./attachment-picker";
import { TemplatePicker } from "./template-picker";
import { useNow } from "./use-now";
import { useTextSubmit } from "./use-text-submit";

const TextReply = z.object({
  text: z.string().trim().min(1, "Write a message").max(MAX_TEXT, `At most ${MAX_TEXT} characters`),
});
// With an attachment the text is its caption, and may be empty.
const CaptionReply = z.object({
  text: z.string().trim().max(MAX_CAPTION, `A caption may be at most ${MAX_CAPTION} characters`),
});
type TextReply = z.infer<typeof TextReply>;

/**
 * The reply box: the service window's state always in view, free text with a preview of
 * WhatsApp's formatting (Ctrl+Enter sends) while the window is open, and only the template
 * picker once it has closed.
 */
export function Composer({
  conversationId,
  windowClosesAt,
  serverNow,
  templates,
  optedOut,
  savedReplies,
}: {
  conversationId: string;
  /** Epoch seconds; null: no window (RCS). */
  windowClosesAt: number | null;
  serverNow: number;
  templates: ReplyTemplate[];
  optedOut: boolean;
  /** The business's saved replies: typing /name offers them, Enter inserts the first. */
  savedReplies: SavedReply[];
}) {
  const now = useNow(serverNow);
  const closed = windowIsClosed(windowClosesAt, now);
  const [attachment, setAttachment] = useState<ReplyAttachment | null>(null);
  // The resolver reads the attachment at submit time: a caption may be empty, a reply not.
  const attached = useRef(false);
  const form = useForm<TextReply>({
    resolver: (values, context, options) =>
      zodResolver(attached.current ? CaptionReply : TextReply)(values, context, options),
    defaultValues: { text: "" },
  });
  const attach = (a: ReplyAttachment | null) => {
    attached.current = a !== null;
    setAttachment(a);
  };
  const text = useWatch({ control: form.control, name: "text" });
  const shortcut = /^\/([\w-]*)$/.exec(text)?.[1]?.toLowerCase();
  const matches =
    shortcut === undefined ? [] : savedReplies.filter((r) => r.name.startsWith(shortcut)).slice(0, 5);
  const insert = (r: SavedReply) => {
    form.setValue("text", r.text, { shouldValidate: false });
    form.setFocus("text");
  };
  const submit = useTextSubmit(form, async (text) => {
    const res = await replyAction(
      conversationId,
      attachment
        ? {
            type: "media",
            mediaType: attachment.mediaType,
            link: attachment.link,
            fileName: attachment.fileName,
            caption: text || undefined,
          }
        : { type: "text", text },
    );
    if (res.ok) attach(null);
    return res;
  });
  return (
    <div className="shrink-0 space-y-2 border-t border-slate-200 bg-white p-3">
      <p
        className={`text-xs font-medium ${closed ? "text-amber-800" : "text-slate-700"}`}
        data-testid="window-state"
      >
        {windowLabel(windowClosesAt, now)}
      </p>
      {closed ? (
        <TemplatePicker
          templates={templates}
          optedOut={optedOut}
          send={(values) => templateReplyAction(conversationId, values)}
        />
      ) : (
        <form onSubmit={submit} noValidate aria-label="Reply" className="space-y-2">
          <Textarea
            {...form.register("text")}
            label={attachment ? "Caption" : "Reply"}
            hint="Ctrl+Enter sends; /name inserts a saved reply. *bold* _italic_ ~strike~ ```mono```"
            rows={3}
            error={form.formState.errors.text?.message}
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void submit();
              } else if (e.key === "Enter" && !e.shiftKey && matches[0]) {
                e.preventDefault();
                insert(matches[0]);
              }
            }}
          />
          {matches.length ? (
            <div>
              <p id="saved-replies-hint" className="text-xs text-slate-600">
                Saved replies: Enter inserts the first
              </p>
              <ul aria-label="Matching saved replies" className="mt-1 flex flex-wrap gap-1">
                {matches.map((r) => (
                  <li key={r.id}>
                    <Button type="button" size="sm" variant="secondary" onClick={() => insert(r)}>
                      /{r.name}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {text.trim() && !matches.length ? (
            <div className="rounded-md border border-emerald-200 bg-emerald-50 p-2 text-sm text-slate-900">
              <p className="text-xs font-medium text-slate-700">Preview</p>
              <p className="break-words whitespace-pre-wrap" data-testid="reply-preview">
                <WhatsAppText text={text} />
              </p>
            </div>
          ) : null}
          <div className="flex flex-wrap items-start justify-between gap-2">
            <AttachmentPicker attachment={attachment} onChange={attach} />
            <Button type="submit" loading={form.formState.isSubmitting}>
              Send
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
