"use client";

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { cn, focusRing } from "./cn";
import { Icon } from "./icons";

type Tone = "success" | "danger" | "info";
type Toast = { id: number; tone: Tone; title: string; description?: string };
type ToastApi = { show: (t: Omit<Toast, "id">) => void };

const ToastContext = createContext<ToastApi | null>(null);

/** Short confirmations ("Key revoked") in a live region at the bottom right; 5 s each. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((ts) => ts.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (t: Omit<Toast, "id">) => {
      const id = next.current++;
      setToasts((ts) => [...ts.slice(-3), { ...t, id }]);
      setTimeout(() => dismiss(id), t.tone === "danger" ? 8000 : 5000);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        role="status"
        className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-full max-w-sm flex-col gap-2"
      >
        {toasts.map((t) => (
          <div
            key={t.id}
            className="pointer-events-auto flex items-start gap-3 rounded-lg bg-white p-3 shadow-lg ring-1 ring-slate-200"
          >
            <Icon
              name={t.tone === "success" ? "success" : t.tone === "danger" ? "warning" : "info"}
              className={cn(
                "size-5 shrink-0",
                t.tone === "success"
                  ? "text-emerald-600"
                  : t.tone === "danger"
                    ? "text-red-600"
                    : "text-sky-600",
              )}
            />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-slate-900">{t.title}</p>
              {t.description ? <p className="mt-0.5 text-slate-600">{t.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => dismiss(t.id)}
              className={cn("rounded p-0.5 text-slate-400 hover:text-slate-600", focusRing)}
            >
              <Icon name="x" className="size-4" aria-label="Dismiss" />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast needs <ToastProvider> (the dashboard layouts provide it)");
  return ctx;
}
