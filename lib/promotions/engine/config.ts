import { env, type Env } from "../../env";

/** The promotion engine's settings: keys of the one environment schema (lib/env.ts). */
export type PromotionsConfig = Pick<
  Env,
  | "PROMOTIONS_TICK_MS"
  | "PROMOTIONS_SEND_AHEAD_SECONDS"
  | "PROMOTIONS_RETRY_DELAY_SECONDS"
  | "PROMOTIONS_RETRYABLE_CODES"
  | "PROMOTIONS_ROUND_TIMEOUT_SECONDS"
>;

export function promotionsConfig(): PromotionsConfig {
  return env();
}

/** The error codes a retry round sends again. */
export function retryableCodes(): string[] {
  return promotionsConfig()
    .PROMOTIONS_RETRYABLE_CODES.split(",")
    .map((c) => c.trim())
    .filter(Boolean);
}
