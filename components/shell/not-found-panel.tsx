import { ButtonLink } from "@/components/ui/button";
import { Icon } from "@/components/ui/icons";

/** "Page not found" with the way back: used inside the shell and on its own (unknown URLs). */
export function NotFoundPanel() {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-2 max-w-md text-sm text-slate-600">
        There is nothing at this address, or it belongs to another business. Check the link, or go back to
        your home page.
      </p>
      <div className="mt-6">
        <ButtonLink href="/" icon={<Icon name="chevronLeft" className="size-4" />}>
          Back to Switchboard
        </ButtonLink>
      </div>
    </div>
  );
}
