import { tmpdir } from "node:os";
import path from "node:path";

/** Where the e2e server (test/loopback-guard-preload.ts) writes each connection it refused. */
export function refusalsFile(port: string | number = process.env.E2E_PORT ?? "3100"): string {
  return path.join(tmpdir(), `switchboard-e2e-${port}-loopback-refusals.txt`);
}
