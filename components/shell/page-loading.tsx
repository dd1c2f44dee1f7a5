import { Spinner } from "@/components/ui/spinner";

/**
 * What a segment shows while its page renders on the server: a spinner that says so, and grey
 * blocks where the header and the table will be, so a slow network never shows a blank screen.
 */
export function PageLoading({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="animate-pulse motion-reduce:animate-none">
      <div className="mb-6 space-y-2">
        <div className="h-7 w-48 rounded-md bg-slate-200" />
        <div className="h-4 w-full max-w-md rounded bg-slate-200" />
      </div>
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p className="mb-4 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="text-indigo-600" />
          {label}
        </p>
        <div className="space-y-3">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="h-8 rounded bg-slate-100" />
          ))}
        </div>
      </div>
    </div>
  );
}
