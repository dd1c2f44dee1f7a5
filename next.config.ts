import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Server-only packages with native code or their own module graph stay outside the bundle,
  // so the Next.js handler shares the process's database pool and job queue with server.ts.
  serverExternalPackages: [
    "pg",
    "pg-boss",
    "pino",
    "@node-rs/argon2",
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
  ],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
