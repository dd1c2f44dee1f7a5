"use client";

import { MediaFileInput } from "./media-file-input";
import type { Upload } from "./upload-media";

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
  return <MediaFileInput {...KINDS[format]} format={format} showName error={error} onUpload={onUpload} />;
}
