"use client";

import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { Icon } from "@/components/ui/icons";
import type { NavSection } from "./nav";
import { NavLinks } from "./nav-links";

/**
 * The menu below the large-screen breakpoint: a disclosure button and a panel. It closes when
 * a page is chosen, on a tap outside and on Escape (focus goes back to the button), because a
 * menu that stays open over the new page hides what the user asked for.
 */
export function MobileNav({ sections }: { sections: NavSection[] }) {
  const pathname = usePathname();
  // Open "on this path": after a navigation (also the browser's back button) the path differs
  // and the menu is closed without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpenOn(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpenOn(null);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative lg:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className={cn("flex items-center rounded-md p-2 text-slate-700 hover:bg-slate-100", focusRing)}
      >
        <Icon name={open ? "x" : "menu"} className="size-6" />
        <span className="sr-only">Menu</span>
      </button>
      <nav
        id={panelId}
        aria-label="Main"
        hidden={!open}
        // Choosing the page already shown changes no path: close on any link click too.
        onClick={(e) => {
          if ((e.target as HTMLElement).closest("a")) setOpen(false);
        }}
        className="absolute top-12 left-0 z-40 max-h-[calc(100vh-5rem)] w-64 overflow-y-auto rounded-lg bg-slate-900 p-3 shadow-xl"
      >
        <NavLinks sections={sections} />
      </nav>
    </div>
  );
}
