"use client";

import { useState } from "react";
import { Input } from "@/components/ui/field";
import { uploadMedia, type Upload } from "./upload-media";

const KINDS = {
  DOCUMENT: { label: "Sample document", accept: "application/pdf", hint: "A PDF, at most 16 MB" },
  VIDEO: { label: "Sample video", accept: "video/mp4", hint: "An MP4 video, at most 16 MB" },
} as const;

/**
 * The sample of a DOCUMENT or VIDEO header (Meta reviews the template with it): uploaded at
 * once, checked by content on the server, handed back as its hash (null when it fails).
 */
export function SampleUpload({
  format,
  error,
  onUpload,
}: {
  format: "DOCUMENT" | "VIDEO";
  error?: string;
  onUpload: (upload: Upload) => void;
}) {
  const kind = KINDS[format];
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    setUploadError(null);
    setName(null);
    if (!file) return onUpload(null);
    setBusy(true);
    try {
      onUpload(await uploadMedia(file, format));
      setName(file.name);
    } catch (e) {
      onUpload(null);
      setUploadError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Input
      type="file"
      accept={kind.accept}
      label={kind.label}
      hint={busy ? "Uploading…" : name ? `Uploaded: ${name}` : kind.hint}
      error={uploadError ?? error}
      aria-busy={busy}
      onChange={(e) => void pick(e.target.files?.[0])}
    />
  );
}
