import type { Metadata } from "next";
import { NotFoundPanel } from "@/components/shell/not-found-panel";
import { Icon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Page not found" };

/** An address no route matches: the brand and the way back, without the signed-in shell. */
export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-100 px-4 py-12">
      <div className="mb-6 flex items-center gap-2.5 text-slate-900">
        <span className="flex size-9 items-center justify-center rounded-lg bg-indigo-600 text-white">
          <Icon name="switchboard" className="size-5" />
        </span>
        <span className="text-lg font-semibold tracking-tight">Switchboard</span>
      </div>
      <div className="w-full max-w-lg rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <NotFoundPanel />
      </div>
    </main>
  );
}
