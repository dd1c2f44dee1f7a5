import { z } from "zod";

const seconds = z.coerce.number().min(0).max(86_400);

const schema = z.object({
  /** Messages per second a sender (phoneNumberId / RCS agent) dispatches without its own limit (Meta's default tier). */
  MESSAGES_SENDER_RATE: z.coerce.number().int().min(1).max(1000).default(80),
  /** Most subscribers one B1 request may carry. */
  MESSAGES_BULK_MAX: z.coerce.number().int().min(1).max(100_000).default(10_000),
  /** Messages per dispatch job (DESIGN.md: chunks of 500-1,000, never one job per message). */
  MESSAGES_DISPATCH_CHUNK: z.coerce.number().int().min(1).max(5_000).default(500),
  /** How long a dispatch worker holds the messages it sends; after it, the sweeper re-queues them. */
  MESSAGES_DISPATCH_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Dispatch attempts of a message before a transient provider failure becomes `error`. */
  MESSAGES_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** How often the sweepers (lost dispatch jobs, stalled simulator messages) run in a worker, ms. */
  MESSAGES_SWEEP_EVERY_MS: z.coerce.number().int().min(100).default(30_000),
  /** Simulator: seconds from acceptance to sent, delivered and read ("1,3,10"; "0,0,0" for tests and benchmarks). */
  SIMULATOR_MESSAGE_DELAYS: z
    .string()
    .regex(/^\d+(\.\d+)?,\d+(\.\d+)?,\d+(\.\d+)?$/, "three comma-separated seconds: sent,delivered,read")
    .default("1,3,10")
    .transform((v) => v.split(",").map((x) => seconds.parse(x)) as [number, number, number]),
});

export type MessagesConfig = z.infer<typeof schema>;

let cached: { key: string; value: MessagesConfig } | undefined;

/** The messaging knobs, read from the environment (re-read when it changes, for tests). */
export function messagesConfig(): MessagesConfig {
  const key = [
    process.env.MESSAGES_SENDER_RATE,
    process.env.MESSAGES_BULK_MAX,
    process.env.MESSAGES_DISPATCH_CHUNK,
    process.env.MESSAGES_DISPATCH_LEASE_SECONDS,
    process.env.MESSAGES_MAX_ATTEMPTS,
    process.env.MESSAGES_SWEEP_EVERY_MS,
    process.env.SIMULATOR_MESSAGE_DELAYS,
  ].join("|");
  if (cached?.key !== key) {
    const parsed = schema.safeParse({
      MESSAGES_SENDER_RATE: process.env.MESSAGES_SENDER_RATE || undefined,
      MESSAGES_BULK_MAX: process.env.MESSAGES_BULK_MAX || undefined,
      MESSAGES_DISPATCH_CHUNK: process.env.MESSAGES_DISPATCH_CHUNK || undefined,
      MESSAGES_DISPATCH_LEASE_SECONDS: process.env.MESSAGES_DISPATCH_LEASE_SECONDS || undefined,
      MESSAGES_MAX_ATTEMPTS: process.env.MESSAGES_MAX_ATTEMPTS || undefined,
      MESSAGES_SWEEP_EVERY_MS: process.env.MESSAGES_SWEEP_EVERY_MS || undefined,
      SIMULATOR_MESSAGE_DELAYS: process.env.SIMULATOR_MESSAGE_DELAYS || undefined,
    });
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
      throw new Error(`Invalid messaging environment:\n  ${problems.join("\n  ")}`);
    }
    cached = { key, value: parsed.data };
  }
  return cached.value;
}
