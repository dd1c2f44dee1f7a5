import type { PromotionStatus } from "@/lib/promotions/state-machine";
import { Badge, type BadgeTone } from "@/components/ui/badge";

const tones: Record<PromotionStatus, BadgeTone> = {
  Preparing: "info",
  Scheduled: "accent",
  Active: "success",
  Stopped: "warning",
  Cancelled: "neutral",
  Completed: "success",
  Expired: "danger",
};

/** A campaign's (promotion's) status, in one colour per state wherever campaigns are listed. */
export function PromotionStatusBadge({ status }: { status: PromotionStatus }) {
  return (
    <Badge tone={tones[status]} dot>
      {status}
    </Badge>
  );
}
