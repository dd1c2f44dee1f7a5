"use client";

import { useState } from "react";
import { cn } from "@/components/ui/cn";

/** A message's image, or a grey "Image" box when there is none or it does not load. */
export function MediaImage({ src, className }: { src?: string | null; className: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return (
      <div
        className={cn(
          "flex w-full items-center justify-center bg-slate-200 text-xs text-slate-500",
          className,
        )}
      >
        Image
      </div>
    );
  return (
    // eslint-disable-next-line @next/next/no-img-element -- arbitrary external media URLs
    <img
      src={src}
      alt=""
      // A load that failed before hydration fires no onError: check when mounted too.
      ref={(el) => {
        if (el?.complete && el.naturalWidth === 0) setFailed(src);
      }}
      onError={() => setFailed(src)}
      className={cn("w-full object-cover", className)}
    />
  );
}
