"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { Icon } from "@/components/ui/icons";

const itemClass = cn(
  "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none",
);

/**
 * The user's menu in the top bar (WAI-ARIA menu button): who is signed in, "Change password"
 * and "Sign out". Arrow keys move between items, Escape and Tab close it, and focus returns to
 * the button on Escape so a keyboard user is never left on a vanished element.
 */
export function AccountMenu({
  name,
  email,
  roleLabel,
  signOut,
}: {
  name: string;
  email: string;
  roleLabel: string;
  /** The sign-out server action (app/(auth)/actions.ts), handed down by the layout. */
  signOut: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const signOutForm = useRef<HTMLFormElement>(null);
  const menuId = useId();
  const buttonId = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const onMenuKey = (e: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      e.preventDefault();
      list[(i + list.length) % list.length]?.focus();
    };
    if (e.key === "ArrowDown") move(at + 1);
    else if (e.key === "ArrowUp") move(at - 1);
    else if (e.key === "Home") move(0);
    else if (e.key === "End") move(list.length - 1);
    else if (e.key === "Escape") {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === "Tab") setOpen(false);
  };

  const initials = (name || email).slice(0, 1).toUpperCase();
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className={cn(
          "flex items-center gap-2 rounded-md px-1.5 py-1 text-left hover:bg-slate-100",
          focusRing,
        )}
      >
        <span
          aria-hidden
          className="flex size-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
        >
          {initials}
        </span>
        <span className="hidden sm:block">
          <span className="block text-sm font-medium text-slate-900">{name}</span>
          <span className="block text-xs text-slate-600">{roleLabel}</span>
        </span>
        <span className="sr-only sm:hidden">{name}</span>
        <span className="sr-only">: account menu</span>
        <Icon name="chevronDown" className="hidden size-4 text-slate-500 sm:block" />
      </button>
      <div
        hidden={!open}
        className="absolute top-12 right-0 z-40 w-64 rounded-lg bg-white p-1.5 shadow-xl ring-1 ring-slate-200"
      >
        <div className="border-b border-slate-200 px-3 pt-1.5 pb-2.5">
          <p className="truncate text-sm font-medium text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-600">{email}</p>
          <p className="text-xs text-slate-600">{roleLabel}</p>
        </div>
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKey}
          className="pt-1.5"
        >
          <Link
            href="/account/password"
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            onClick={() => setOpen(false)}
          >
            <Icon name="lock" className="size-4 text-slate-500" />
            Change password
          </Link>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            onClick={() => signOutForm.current?.requestSubmit()}
          >
            <Icon name="signOut" className="size-4 text-slate-500" />
            Sign out
          </button>
        </div>
      </div>
      <form
        ref={signOutForm}
        action={async () => {
          await signOut();
        }}
        hidden
      />
    </div>
  );
}
