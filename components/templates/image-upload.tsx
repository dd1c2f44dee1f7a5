"use client";

import { MediaFileInput } from "./media-file-input";
import type { Upload } from "./upload-media";

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
  return (
    <MediaFileInput
      accept="image/png,image/jpeg"
      label={label}
      hint={hint}
      error={error}
      onUpload={onUpload}
    />
  );
}
