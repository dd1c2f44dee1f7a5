"use client";

import { useState } from "react";
import { Input } from "@/components/ui/field";
import { uploadMedia, type Upload } from "./upload-media";

/**
 * A file input that uploads the chosen file to the dashboard's media route at once (as a
 * DOCUMENT/VIDEO sample with `format`, else as an image) and hands back its hash and URL, null
 * when the choice is cleared or the upload fails (the input then shows why). With `showName`
 * the hint names the uploaded file. ImageUpload and SampleUpload are this with their types.
 */
export function MediaFileInput({
  accept,
  label,
  hint,
  format,
  showName = false,
  error,
  onUpload,
}: {
  accept: string;
  label: string;
  hint: string;
  format?: "DOCUMENT" | "VIDEO";
  showName?: boolean;
  /** A form error about the file (e.g. "upload an image"); an upload failure shows first. */
  error?: string;
  onUpload: (upload: Upload) => void;
}) {
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
      if (showName) setName(file.name);
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
      accept={accept}
      label={label}
      hint={busy ? "Uploading…" : name ? `Uploaded: ${name}` : hint}
      error={uploadError ?? error}
      aria-busy={busy}
      onChange={(e) => void pick(e.target.files?.[0])}
    />
  );
}
