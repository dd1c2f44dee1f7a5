import type { Ctx } from "../context";

/**
 * Who a conversation event names when no person decided it: `routing` for an automatic
 * assignment, `customer` for a conversation the customer's message opened or reopened. The
 * transaction stays the caller's; only the name on the event changes.
 */
export const asRouting = (tx: Ctx): Ctx => ({ ...tx, actor: { type: "system", id: "routing" } });
export const asCustomer = (tx: Ctx): Ctx => ({ ...tx, actor: { type: "system", id: "customer" } });
