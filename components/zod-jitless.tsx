"use client";

import { z } from "zod";

// zod 4 probes whether it may compile validators with `Function("")`; under the dashboard's
// CSP (no 'unsafe-eval') the probe is refused and reported as a violation. In the browser,
// tell zod up front not to compile: the forms' schemas are small. (The server keeps JIT.)
if (typeof window !== "undefined") z.config({ jitless: true });

/** Renders nothing; importing it from the root layout applies the setting before any form. */
export function ZodJitless() {
  return null;
}
