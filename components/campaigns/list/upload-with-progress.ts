"use client";

export type UploadProgress = { loaded: number; total: number };
export type UploadOutcome<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * Sends a file as the raw request body to a dashboard route handler, which reads it as a
 * stream: no multipart parsing, no size limit of server actions. XMLHttpRequest because
 * fetch() reports no upload progress. The error reply is the API's shape ({error: {message}}).
 */
export function uploadWithProgress<T>(
  url: string,
  file: File,
  onProgress: (p: UploadProgress) => void,
): Promise<UploadOutcome<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("content-type", "text/csv");
    xhr.upload.onprogress = (e) =>
      onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onerror = () =>
      resolve({ ok: false, message: "The upload failed: check your connection and try again" });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // An HTML error page (proxy, server restart): the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve({ ok: true, data: body as T });
      const error = (body as { error?: { message?: string; details?: Array<{ message: string }> } } | null)
        ?.error;
      const detail = error?.details?.[0]?.message;
      resolve({
        ok: false,
        message: error?.message
          ? `${error.message}${detail && detail !== error.message ? ` (${detail})` : ""}`
          : `The upload failed (HTTP ${xhr.status}); try again`,
      });
    };
    xhr.send(file);
  });
}
