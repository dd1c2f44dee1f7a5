import type { ReactNode } from "react";
import { Icon } from "@/components/ui/icons";

/** Sign-in and account pages: a centred card on a quiet background, no navigation. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-100 px-4 py-12">
      <div className="mb-8 flex items-center gap-2.5 text-slate-900">
        <span className="flex size-9 items-center justify-center rounded-lg bg-indigo-600 text-white">
          <Icon name="switchboard" className="size-5" />
        </span>
        <span className="text-lg font-semibold tracking-tight">Switchboard</span>
      </div>
      <div className="w-full max-w-sm">{children}</div>
    </main>
  );
}
