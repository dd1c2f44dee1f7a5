"use client";

import { useEffect, useRef, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { ReplyAttachment } from "@/lib/conversations/reply-media";

type ErrorBody = { error?: { message?: string; details?: { message: string }[] } };

/** Sends the chosen file to POST /inbox/media; the refusal's words when it is refused. */
async function upload(
  file: File,
): Promise<{ ok: true; data: ReplyAttachment } | { ok: false; message: string }> {
  const form = new FormData();
  form.set("file", file);
  try {
    const res = await fetch("/inbox/media", { method: "POST", body: form });
    const body = (await res.json().catch(() => null)) as ReplyAttachment | ErrorBody | null;
    if (res.ok && body && "link" in body) return { ok: true, data: body };
    const error = (body as ErrorBody | null)?.error;
    const detail = error?.details?.[0]?.message;
    return {
      ok: false,
      message: error?.message
        ? `${error.message}${detail && detail !== error.message ? ` (${detail})` : ""}`
        : `The upload failed (HTTP ${res.status}); try again`,
    };
  } catch {
    return { ok: false, message: "The connection dropped during the upload: check it and try again" };
  }
}

const kb = (n: number) =>
  n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

/**
 * The composer's attachment: an image (JPEG or PNG, up to 5 MB) or a PDF (up to 16 MB),
 * uploaded as soon as it is chosen and shown (an image as a thumbnail from the browser's copy)
 * until it is sent or removed.
 */
export function AttachmentPicker({
  attachment,
  onChange,
}: {
  attachment: ReplyAttachment | null;
  onChange: (a: ReplyAttachment | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [thumb, setThumb] = useState<string | null>(null);
  useEffect(() => () => void (thumb && URL.revokeObjectURL(thumb)), [thumb]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setBusy(true);
    const res = await upload(file);
    setBusy(false);
    if (input.current) input.current.value = "";
    if (!res.ok) return setError(res.message);
    setThumb(res.data.mediaType === "image" ? URL.createObjectURL(file) : null);
    onChange(res.data);
  };

  return (
    <div className="space-y-1">
      {attachment ? (
        <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 p-2 text-sm">
          {thumb ? (
            // eslint-disable-next-line @next/next/no-img-element -- the browser's own copy of the file
            <img src={thumb} alt="" className="size-10 shrink-0 rounded object-cover" />
          ) : (
            <span
              aria-hidden
              className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-700"
            >
              PDF
            </span>
          )}
          <span className="min-w-0 flex-1 truncate" data-testid="attachment">
            {attachment.fileName}
            <span className="text-slate-600">
              {" "}
              · {attachment.mediaType === "image" ? "image" : "document"}, {kb(attachment.size)}
            </span>
          </span>
          <Button size="sm" variant="ghost" onClick={() => onChange(null)} aria-label="Remove attachment">
            Remove
          </Button>
        </div>
      ) : (
        <div className="flex items-center gap-2">
          <label
            className={buttonClasses(
              "secondary",
              "sm",
              "cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600",
            )}
          >
            {busy ? <Spinner /> : null}
            {busy ? "Uploading…" : "Attach image or PDF"}
            <input
              ref={input}
              type="file"
              accept="image/jpeg,image/png,application/pdf"
              className="sr-only"
              disabled={busy}
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </label>
          <span className="text-xs text-slate-600">JPEG or PNG up to 5 MB, PDF up to 16 MB</span>
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
