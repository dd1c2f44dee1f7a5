import { CopyButton } from "@/components/ui/copy-button";

/** A secret shown in full, selectable and with a copy button. */
export function SecretBox({ secret }: { secret: string }) {
  return (
    <div className="flex items-center gap-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
      <code
        data-testid="endpoint-secret"
        className="min-w-0 flex-1 font-mono text-sm break-all text-slate-900 select-all"
      >
        {secret}
      </code>
      <CopyButton value={secret} />
    </div>
  );
}
