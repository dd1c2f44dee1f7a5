import type { callbackEventTypes, EndpointView } from "@/lib/callbacks/schemas";

export const eventLabels: Record<(typeof callbackEventTypes)[number], string> = {
  "message.status": "Message status",
  "message.received": "Customer messages",
  "conversation.opened": "Conversation opened",
  "conversation.assigned": "Conversation assigned",
  "conversation.resolved": "Conversation resolved",
  "flow.completed": "Flow completed",
  "flow.handed_over": "Flow handed over",
  "flow.failed": "Flow failed",
  "message.clicked": "Link clicked",
  "call.cdr": "Call data record",
  "capability.batch": "Capability batch",
  test: "Test",
};

export type Row = EndpointView & { created: Date };
export type Handlers = {
  edit: (r: Row) => void;
  secret: (r: Row) => void;
  remove: (r: Row) => void;
  test: (r: Row) => void;
  testing: string | null;
  canSeeSecrets: boolean;
};
