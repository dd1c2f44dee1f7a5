import type { UploadProgress } from "@/components/ui/upload-with-progress";

/** The upload's progress, as a labelled progressbar; "Processing…" once the bytes are sent. */
export function UploadProgressBar({ progress, label }: { progress: UploadProgress; label: string }) {
  const pct = progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      <p className="text-xs text-slate-600" aria-live="polite">
        {pct < 100 ? `Uploading… ${pct}%` : "Uploaded; checking the rows…"}
      </p>
    </div>
  );
}
