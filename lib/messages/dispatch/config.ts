import { env, type Env } from "../../env";

/** The messaging settings: keys of the one environment schema (lib/env.ts), validated there. */
export type MessagesConfig = Pick<
  Env,
  | "MESSAGES_SENDER_RATE"
  | "MESSAGES_BULK_MAX"
  | "MESSAGES_DISPATCH_CHUNK"
  | "MESSAGES_DISPATCH_LEASE_SECONDS"
  | "MESSAGES_UNCERTAIN_SECONDS"
  | "MESSAGES_DISPATCH_FLUSH_MS"
  | "MESSAGES_MAX_ATTEMPTS"
  | "MESSAGES_SWEEP_EVERY_MS"
  | "SIMULATOR_MESSAGE_DELAYS"
>;

/** The messaging knobs; tests that change them call resetEnv() (lib/env.ts). */
export function messagesConfig(): MessagesConfig {
  return env();
}
