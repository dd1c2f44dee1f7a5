import { afterAll, afterEach } from "vitest";
import { installLoopbackGuard, type Refusal } from "./loopback-guard";

// Vitest setup of both projects (vitest.config.ts): a test whose code connects outside
// loopback fails with the guard's message, even when the code under test swallowed the error.

const KEY = Symbol.for("switchboard.loopbackRefusals");
const g = globalThis as unknown as Record<symbol, Refusal[] | undefined>;
const refused: Refusal[] = (g[KEY] ??= []);

installLoopbackGuard((r) => refused.push(r));

/** The refusals since the last test ended, cleared: for the guard's own test only. */
export function takeRefusals(): Refusal[] {
  return refused.splice(0);
}

function failOnRefusals(): void {
  const list = takeRefusals();
  if (list.length) throw new Error([...new Set(list.map((r) => r.message))].join("\n"));
}

afterEach(failOnRefusals);
afterAll(failOnRefusals);
