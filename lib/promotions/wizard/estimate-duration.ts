/**
 * How long a launch takes to hand every recipient to dispatch: the sender's rate (its token
 * bucket, messages per second) or, when staggered, batchSize every batchTimer seconds if that
 * is slower. Seconds, rounded up; 0 for no recipient.
 */
export function estimateSeconds(input: {
  recipients: number;
  senderRate: number;
  staggered: boolean;
  batchSize: number;
  batchTimer: number;
}): number {
  if (input.recipients <= 0) return 0;
  const staggeredRate =
    input.staggered && input.batchSize > 0 && input.batchTimer > 0
      ? input.batchSize / input.batchTimer
      : Number.POSITIVE_INFINITY;
  const rate = Math.max(Math.min(input.senderRate, staggeredRate), 1e-6);
  return Math.ceil(input.recipients / rate);
}

/** "about 2 h 5 min", "about 40 s": a duration for people. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(seconds, 1)} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `about ${h} h ${m} min` : `about ${h} h`;
}
