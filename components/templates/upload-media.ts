export type Upload = { sha256: string; url: string } | null;

/**
 * Uploads a header image (or a DOCUMENT/VIDEO header's sample, with `format`) to the
 * dashboard's media route; its message says why it failed.
 */
export async function uploadMedia(
  file: File,
  format?: "DOCUMENT" | "VIDEO",
): Promise<{ sha256: string; url: string }> {
  const form = new FormData();
  form.append("file", file);
  if (format) form.append("format", format);
  const res = await fetch("/templates/media", { method: "POST", body: form });
  const body = (await res.json().catch(() => ({}))) as {
    sha256?: string;
    url?: string;
    error?: { message?: string };
  };
  if (!res.ok || !body.sha256 || !body.url) throw new Error(body.error?.message ?? "Upload failed");
  return { sha256: body.sha256, url: body.url };
}
