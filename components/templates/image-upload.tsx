"use client";

import { useState } from "react";
import { Input } from "@/components/ui/field";
import { uploadMedia, type Upload } from "./upload-media";

/**
 * A JPEG/PNG file input that uploads the chosen image to the dashboard's media route at once
 * and hands back its hash and preview URL (null when the choice is cleared or the upload
 * fails; the input then shows why). Template forms and "Send a test" share it.
 */
export function ImageUpload({
  label,
  hint = "JPEG or PNG, at most 5 MB",
  error,
  onUpload,
}: {
  label: string;
  hint?: string;
  /** A form error about the image (e.g. "upload an image"); an upload failure shows first. */
  error?: string;
  onUpload: (upload: Upload) => void;
}) {
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    setUploadError(null);
    if (!file) return onUpload(null);
    setBusy(true);
    try {
      onUpload(await uploadMedia(file));
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
      accept="image/png,image/jpeg"
      label={label}
      hint={busy ? "Uploading…" : hint}
      error={uploadError ?? error}
      aria-busy={busy}
      onChange={(e) => void pick(e.target.files?.[0])}
    />
  );
}
