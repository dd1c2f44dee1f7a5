"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  uploadErrorText,
  uploadWithProgress,
  type UploadProgress,
} from "@/components/ui/upload-with-progress";

/**
 * A dialog's CSV upload: the chosen file and its inline error, the upload's progress, the
 * refusal's text and the server's answer. `send(url)` streams the file there (a missing file
 * is an inline error), keeps the answer and refreshes the page's server data.
 */
export function useCsvUpload<T>() {
  const router = useRouter();
  const [file, setFileState] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [result, setResult] = useState<T | null>(null);
  const setFile = (f: File | null) => {
    setFileState(f);
    setFileError(null);
  };
  async function send(url: string): Promise<T | null> {
    if (!file) {
      setFileError("Choose a CSV file");
      return null;
    }
    setError(null);
    setProgress({ loaded: 0, total: file.size });
    const res = await uploadWithProgress<T>(url, file, setProgress).done;
    setProgress(null);
    if (!res.ok) {
      setError(uploadErrorText(res.error));
      return null;
    }
    setResult(res.data);
    router.refresh();
    return res.data;
  }
  return { file, setFile, fileError, error, progress, result, send };
}
