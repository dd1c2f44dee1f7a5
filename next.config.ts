import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Server-only packages with native code or their own module graph stay outside the bundle,
  // so the Next.js handler shares the process's database pool and job queue with server.ts.
  serverExternalPackages: ["pg", "pg-boss", "pino", "@node-rs/argon2"],
  poweredByHeader: false,
  // Lets several builds of one checkout coexist (parallel e2e runs, benchmarks).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  typedRoutes: false,
};

export default nextConfig;
