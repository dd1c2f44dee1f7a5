import type { BadgeTone } from "@/components/ui/badge";
import type { AttemptView, DeliveryView } from "@/lib/callbacks/schemas";

export type Detail = DeliveryView & { attemptLog: AttemptView[] };
export type Row = DeliveryView & { created: Date; endpointUrl: string };

export const statusTones: Record<DeliveryView["status"], BadgeTone> = {
  delivered: "success",
  pending: "warning",
  failed: "danger",
};
