import { StatusBadge } from "@/components/ui/badge";

// The spec's status words are CamelCase ("InCall"); StatusBadge would print "Incall".
const labels: Record<string, string> = { InCall: "In call" };

/** A dashboard user's status (Available, Busy, Away, InCall, Disabled) in its colour. */
export function UserStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} label={labels[status] ?? status} />;
}
