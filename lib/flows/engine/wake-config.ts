import { env, type Env } from "../../env";

/** The wake scanner's settings: keys of the one environment schema (lib/env.ts). */
export type WakeConfig = Pick<Env, "FLOW_WAKE_SCAN_MS" | "FLOW_WAKE_BATCH">;

export function wakeConfig(): WakeConfig {
  return env();
}
