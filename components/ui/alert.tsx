import type { ReactNode } from "react";
import { cn } from "./cn";
import { Icon, type IconName } from "./icons";

export type AlertTone = "info" | "success" | "warning" | "danger";

const styles: Record<AlertTone, { box: string; icon: IconName; iconColor: string }> = {
  info: { box: "bg-sky-50 text-sky-900 ring-sky-200", icon: "info", iconColor: "text-sky-600" },
  success: {
    box: "bg-emerald-50 text-emerald-900 ring-emerald-200",
    icon: "success",
    iconColor: "text-emerald-600",
  },
  warning: { box: "bg-amber-50 text-amber-900 ring-amber-200", icon: "warning", iconColor: "text-amber-600" },
  danger: { box: "bg-red-50 text-red-900 ring-red-200", icon: "warning", iconColor: "text-red-600" },
};

/** An inline message block. Danger alerts are announced (role="alert"), others are polite. */
export function Alert({
  tone = "info",
  title,
  children,
  className,
  action,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  action?: ReactNode;
}) {
  const s = styles[tone];
  return (
    <div
      role={tone === "danger" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-md p-3 text-sm ring-1 ring-inset", s.box, className)}
    >
      <Icon name={s.icon} className={cn("size-5 shrink-0", s.iconColor)} />
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div className={title ? "opacity-90" : undefined}>{children}</div> : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
