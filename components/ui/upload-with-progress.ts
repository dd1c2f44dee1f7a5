"use client";

import type { ErrorDetail } from "@/lib/errors";

export type UploadProgress = { loaded: number; total: number };
export type UploadError = { message: string; details: ErrorDetail[] };
export type UploadOutcome<T> = { ok: true; data: T } | { ok: false; error: UploadError };

/**
 * Sends a file as the raw request body to a dashboard route handler, which reads it as a
 * stream: no multipart parsing, no size limit of server actions. XMLHttpRequest because
 * fetch() reports no upload progress. A refusal is the API's error shape ({error: {message,
 * details}}), kept whole so a form can put each detail at its field.
 */
export function uploadWithProgress<T>(
  url: string,
  file: File,
  onProgress: (p: UploadProgress) => void,
): { done: Promise<UploadOutcome<T>>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const fail = (message: string, details: ErrorDetail[] = []) => ({
    ok: false as const,
    error: { message, details },
  });
  const done = new Promise<UploadOutcome<T>>((resolve) => {
    xhr.upload.onprogress = (e) =>
      onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onerror = () => resolve(fail("The connection dropped during the upload: check it and try again"));
    xhr.onabort = () => resolve(fail("Upload cancelled"));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // An HTML error page (proxy, server restart): the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve({ ok: true, data: body as T });
      const error = (body as { error?: Partial<UploadError> } | null)?.error;
      resolve(
        error?.message
          ? fail(error.message, error.details ?? [])
          : fail(`The upload failed (HTTP ${xhr.status}); try again`),
      );
    };
  });
  xhr.open("POST", url);
  xhr.setRequestHeader("content-type", "text/csv");
  xhr.send(file);
  return { done, abort: () => xhr.abort() };
}

/** The refusal in one line: its message, and its first detail when that says more. */
export function uploadErrorText(error: UploadError): string {
  const detail = error.details[0]?.message;
  return detail && detail !== error.message ? `${error.message} (${detail})` : error.message;
}
