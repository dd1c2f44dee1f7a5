import { inTransaction, systemCtx } from "../context";
import { groupCommit } from "../db/group-commit";
import { DeferredDispatch } from "../messages/send/deferred-dispatch";
import { recordInboundMessages, type RecordInboundInput } from "./record-inbound-messages";

/** A batch's messages, at most: a few hundred webhooks' worth. */
const MAX_BATCH = 500;
/** Batches written at once by one process: different businesses' batches run side by side. */
const MAX_IN_FLIGHT = 4;

/**
 * The provider webhooks' way in: customers' messages arriving at once (concurrent webhooks) are
 * stored in one transaction per batch (group commit, lib/db/group-commit.ts), merged per
 * business, channel and provider, so a business's routing lock and the commit's log flush are
 * paid once per batch rather than once per webhook: the lock serialises a business's inbound
 * messages until commit, which capped one business near 150 messages/s (bench/inbound.ts).
 * Each webhook is answered only once its own messages are committed, as before. Businesses go
 * in id order, so two batches that share businesses take their routing locks in one order.
 * What the batch sends (flows' replies, away notices) is dispatched by one job per business,
 * enqueued once before the commit (deferred-dispatch.ts), not one job per reply.
 */
export const recordInboundBatched = groupCommit<RecordInboundInput>({
  name: "inbound",
  size: (item) => item.messages.length,
  maxBatch: MAX_BATCH,
  maxInFlight: () => MAX_IN_FLIGHT,
  // One batch of a business at a time: its routing lock would make a second wait anyway, and
  // two small batches cost twice the statements of one (bench/inbound.ts: ~3 messages a batch
  // with four in flight against ~16 with one).
  exclusiveKey: (item) => item.businessId,
  write: (items) =>
    inTransaction(systemCtx("inbound"), async (t) => {
      const dispatch = new DeferredDispatch();
      const tx = { ...t, deferredDispatch: dispatch };
      const merged = new Map<string, RecordInboundInput>();
      for (const item of items) {
        const key = `${item.businessId}\n${item.channel}\n${item.provider}`;
        const into = merged.get(key);
        if (into) into.messages.push(...item.messages);
        else merged.set(key, { ...item, messages: [...item.messages] });
      }
      for (const key of [...merged.keys()].sort()) await recordInboundMessages(tx, merged.get(key)!);
      await dispatch.flush(tx.db);
    }),
});
