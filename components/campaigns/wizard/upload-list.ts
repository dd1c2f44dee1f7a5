import type { ErrorDetail } from "@/lib/errors";
import type { WizardUpload } from "@/lib/promotions/lists/upload-wizard-list";

export type UploadError = { message: string; details: ErrorDetail[] };
export type UploadOutcome = { ok: true; data: WizardUpload } | { ok: false; error: UploadError };

/**
 * Sends the CSV as the request body to the dry-run route with XMLHttpRequest (fetch has no
 * upload progress): `onProgress` gets the fraction sent; the answer is the stored list and
 * its totals, or the error body's message and details.
 */
export function uploadList(
  file: File,
  query: { name: string; phoneColumn: string; defaultCountry: string },
  onProgress: (fraction: number) => void,
): { done: Promise<UploadOutcome>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const params = new URLSearchParams({ name: query.name });
  if (query.phoneColumn) params.set("phoneColumn", query.phoneColumn);
  if (query.defaultCountry) params.set("defaultCountry", query.defaultCountry);
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 200) return resolve({ ok: true, data: body as WizardUpload });
      const error = (body as { error?: UploadError } | undefined)?.error;
      resolve({
        ok: false,
        error: {
          message: error?.message ?? `The upload failed (HTTP ${xhr.status}). Try again.`,
          details: error?.details ?? [],
        },
      });
    };
    xhr.onerror = () =>
      resolve({
        ok: false,
        error: { message: "The connection dropped during the upload. Try again.", details: [] },
      });
    xhr.onabort = () => resolve({ ok: false, error: { message: "Upload cancelled.", details: [] } });
  });
  xhr.open("POST", `/campaigns/new/upload?${params.toString()}`);
  xhr.setRequestHeader("content-type", "text/csv");
  xhr.send(file);
  return { done, abort: () => xhr.abort() };
}
