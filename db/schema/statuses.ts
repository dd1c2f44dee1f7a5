// The status lists of messages and promotions as plain values, with no drizzle import: the
// schema's columns take their enums from here, and so do client code and filter schemas (the
// dashboard's message and campaign filters) without loading the schema.

/** A message's statuses; their forward order is statusRank (lib/messages/schemas.ts). */
export const messageStatuses = [
  "attempted",
  "accepted",
  "sent",
  "delivered",
  "read",
  "failed",
  "error",
] as const;

/**
 * Promotion states (spec "States and transitions": Completed, Stopped, Cancelled seen; scheduled,
 * active, paused, completed named), in the order of a campaign's life. Stored as the API writes
 * them. The allowed moves live in one place: lib/promotions/state-machine.ts.
 */
export const promotionStatuses = [
  "Preparing",
  "Scheduled",
  "Active",
  "Stopped",
  "Cancelled",
  "Completed",
  "Expired",
] as const;
