"use client";

import { useState } from "react";
import { cn } from "@/components/ui/cn";

/**
 * The dashboard's own address of an image this business uploaded: its public address (which
 * names the server as the outside world reaches it) or its bare hash read through the signed-in
 * preview route, so the image shows wherever the dashboard is opened from.
 */
export function dashboardMediaSrc(src: string): string {
  const hash = /^(?:[0-9a-f]{64}|https?:\/\/[^/]+\/media\/[0-9a-f-]{36}\/([0-9a-f]{64}))$/i.exec(src);
  return hash ? `/templates/media/${(hash[1] ?? src).toLowerCase()}` : src;
}

/** A message's image, or a grey "Image" box when there is none or it does not load. */
export function MediaImage({ src: raw, className }: { src?: string | null; className: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = raw ? dashboardMediaSrc(raw) : raw;
  if (!src || failed === src)
    return (
      <div
        className={cn(
          "flex w-full items-center justify-center bg-slate-200 text-xs text-slate-700",
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
