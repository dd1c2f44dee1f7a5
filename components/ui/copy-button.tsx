"use client";

import { useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";
import { Icon } from "./icons";

/** Copies `value`; says "Copied" for 2 s (also to screen readers via aria-live). */
export function CopyButton({
  value,
  label = "Copy",
  variant = "secondary",
  size = "sm",
  className,
  iconOnly = false,
}: {
  value: string;
  /** Visible text; with iconOnly it becomes the accessible name. */
  label?: string;
  iconOnly?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      // Non-secure origins (plain http on a LAN address) have no clipboard API.
      setState("failed");
    }
    setTimeout(() => setState("idle"), 2000);
  }
  return (
    <Button
      variant={variant}
      size={size}
      onClick={copy}
      className={iconOnly ? `${className ?? ""} px-1.5` : className}
      title={iconOnly ? label : undefined}
      icon={<Icon name={state === "copied" ? "check" : "copy"} className="size-4" />}
    >
      <span aria-live="polite" className={iconOnly ? "sr-only" : undefined}>
        {state === "copied" ? "Copied" : state === "failed" ? "Select and copy" : label}
      </span>
    </Button>
  );
}
