import type { ReactNode } from "react";
import { cn } from "./cn";

/** What a list or page shows when there is nothing yet: what will be here and how to start. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col items-center px-6 py-12 text-center", className)}>
      {icon ? (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 [&>svg]:size-6">
          {icon}
        </div>
      ) : null}
      {/* h2: an empty state sits right under the page h1 or beside card h2s; h3 skipped a level. */}
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {description ? <div className="mt-1 max-w-md text-sm text-slate-600">{description}</div> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
