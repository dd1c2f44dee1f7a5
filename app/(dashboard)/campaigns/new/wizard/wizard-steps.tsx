import { cn, focusRing } from "@/components/ui/cn";

/** The wizard's progress: done steps can be opened again, the current one is marked for screen readers. */
export function WizardSteps({
  steps,
  current,
  onGo,
}: {
  steps: readonly string[];
  current: number;
  onGo: (step: number) => void;
}) {
  return (
    <nav aria-label="Campaign steps">
      <ol className="flex flex-wrap gap-2 text-sm">
        {steps.map((label, i) => {
          const state = i < current ? "done" : i === current ? "current" : "todo";
          const badge = (
            <span
              className={cn(
                "flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
                state === "done" && "bg-indigo-600 text-white",
                state === "current" && "bg-indigo-100 text-indigo-800 ring-2 ring-indigo-600",
                state === "todo" && "bg-slate-200 text-slate-700",
              )}
              aria-hidden="true"
            >
              {i + 1}
            </span>
          );
          return (
            <li key={label} aria-current={state === "current" ? "step" : undefined}>
              {state === "done" ? (
                <button
                  type="button"
                  onClick={() => onGo(i)}
                  className={cn(
                    "flex items-center gap-2 rounded-md px-2 py-1 text-slate-800 hover:bg-slate-100",
                    focusRing,
                  )}
                >
                  {badge}
                  {label}
                </button>
              ) : (
                <span
                  className={cn(
                    "flex items-center gap-2 px-2 py-1",
                    state === "current" ? "font-medium text-slate-900" : "text-slate-600",
                  )}
                >
                  {badge}
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
