/**
 * The simulator's senders have no real number: each gets a stable, made-up Indian mobile
 * number from its id (the last 7 hex digits, read as a number, in +91 98xx xxxxxx), so two
 * businesses' senders read differently. The same rule is in migration 0044's backfill.
 */
export function simulatorDisplayNumber(sender: string): string {
  const hex = sender.replace(/[^0-9a-f]/gi, "").slice(-7) || "0";
  return `9198${String(parseInt(hex, 16) % 100_000_000).padStart(8, "0")}`;
}
