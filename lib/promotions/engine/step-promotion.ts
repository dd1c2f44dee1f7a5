import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { loadChannel } from "../../messages/dispatch/sender-channel";
import { senderRate } from "../../messages/dispatch/sender-rate";
import type { PromotionRow } from "../promotion-record";
import { assertMove } from "../state-machine";
import { promotionsConfig } from "./config";
import { endRound } from "./end-round";
import { failSilentRecipients } from "./fail-silent-recipients";
import { sendPromotionChunk } from "./send-promotion-chunk";

/** Most recipients one step sends (a couple of seconds at the highest sender rate). */
const MAX_CHUNK = 5_000;

/** The promotion's main sender's messages per second (its token bucket's rate). */
async function rateOf(tx: Ctx, p: PromotionRow): Promise<number> {
  const channel = p.channelType;
  const sender =
    channel === "chatapp" ? p.phoneNumberId : (await loadChannel(tx, p.businessId, "rcs"))?.agentId;
  if (!sender) return 1;
  return senderRate(tx, { businessId: p.businessId, channel, sender });
}

/**
 * One scheduler step of a due promotion, in the transaction holding its row: Scheduled becomes
 * Active at its schedule time; then a chunk of pending recipients is sent. Staggered: `batchSize`
 * recipients, then the next step in `batchTimer` seconds. Otherwise paced at the sender's rate:
 * the step creates what the sender can dispatch until PROMOTIONS_SEND_AHEAD_SECONDS from now
 * (`paced_until` carries the account between steps, corrected by the round's in-flight count),
 * so the dispatcher never runs dry and a Stop leaves only that much in flight. When nothing of the round is pending or queued any
 * more, the round ends (retry or Completed); an RCS campaign stays Active for batches to come
 * until it expires. A round left waiting only for statuses ends after
 * PROMOTIONS_ROUND_TIMEOUT_SECONDS (failSilentRecipients; `round_drained_at` marks the start).
 */
export async function stepPromotion(tx: Ctx, p: PromotionRow): Promise<void> {
  if (p.status === "Scheduled") {
    assertMove("Scheduled", "Active");
    await rawQuery(
      tx.db,
      `UPDATE promotions SET status = 'Active', start_time = coalesce(start_time, now()),
         most_recent_start_time = now(), paced_until = NULL, updated_at = now() WHERE id = $1`,
      [p.id],
    );
    p = { ...p, status: "Active", pacedUntil: null, startTime: p.startTime ?? new Date() };
  }
  if (!p.startTime) {
    // An IMMEDIATE launch is handed over Active: its first step is its start.
    await rawQuery(
      tx.db,
      `UPDATE promotions SET start_time = now(), most_recent_start_time = coalesce(most_recent_start_time, now())
       WHERE id = $1`,
      [p.id],
    );
  }
  const cfg = promotionsConfig();
  const now = Date.now();
  let limit: number;
  let nextRunSql: string;
  let pacedUntil: Date | null = null;
  let rate = 0;
  if (p.staggered && p.batchSize > 0) {
    limit = p.batchSize;
    nextRunSql = `now() + make_interval(secs => ${Math.max(0, p.batchTimer)})`;
  } else {
    rate = await rateOf(tx, p);
    // Where the sender's queue of this promotion ends: the paced account, or sooner when the
    // round's in-flight messages (created, no outcome yet) say the dispatcher has caught up
    // (a token-bucket burst or a slow step left the paced account ahead of the real queue).
    // The account alone would let the dispatcher run dry; in-flight alone would stall the
    // promotion if a provider stopped reporting statuses. Either way creation stays paced:
    // each step moves paced_until to at most now + PROMOTIONS_SEND_AHEAD_SECONDS.
    const inFlight = await inFlightOf(tx, p);
    const from = Math.max(now, Math.min(p.pacedUntil?.getTime() ?? 0, now + (inFlight / rate) * 1000));
    const horizon = now + cfg.PROMOTIONS_SEND_AHEAD_SECONDS * 1000;
    limit = Math.min(MAX_CHUNK, Math.floor(((horizon - from) / 1000) * rate));
    nextRunSql = "now()";
    pacedUntil = new Date(from);
  }
  const r = await sendPromotionChunk(tx, p, limit);
  if (pacedUntil && r.queued > 0) pacedUntil = new Date(pacedUntil.getTime() + (r.queued / rate) * 1000);

  // Sending again (or something still to send) restarts the wait for a drained round.
  let drainedAt = r.claimed > 0 ? null : p.roundDrainedAt;
  if (r.claimed < limit || limit === 0) {
    const round = await roundState(tx, p);
    let open = round.pending || round.queued || round.held;
    if (round.pending) drainedAt = null;
    else if (round.queued) {
      drainedAt ??= new Date();
      if (await failSilentRecipients(tx, p, drainedAt)) open = round.held;
    }
    if (open) {
      // Recipients still queued (or batches still checking): look again on the next tick. Only
      // recipients kept for an A/B test's winner: the winner job releases them (and sets
      // next_run_at to now); until then a look a minute is enough.
      if (round.held && !round.pending && !round.queued) nextRunSql = "now() + interval '1 minute'";
    } else if (p.kind === "rcs_campaign" && (!p.promotionEndTime || p.promotionEndTime.getTime() > now)) {
      // Batches may still come until the campaign expires.
      drainedAt = null;
    } else {
      await endRound(tx, p);
      return;
    }
  }
  await rawQuery(
    tx.db,
    `UPDATE promotions SET next_run_at = ${nextRunSql}, paced_until = $2, round_drained_at = $3, updated_at = now()
     WHERE id = $1`,
    [p.id, pacedUntil, drainedAt],
  );
}

/** The round's recipients with a message but no outcome yet (off the counters, not counted). */
async function inFlightOf(tx: Ctx, p: PromotionRow): Promise<number> {
  const [row] = await rawQuery<{ n: number }>(
    tx.db,
    `SELECT greatest(attempted - failed - sent - delivered - read, 0)::int AS n FROM promotion_counters
     WHERE promotion_id = $1 AND round = $2`,
    [p.id, p.currentRound],
  );
  return row?.n ?? 0;
}

/**
 * Whether the round has a recipient pending (any, claimable or not), whether it has some
 * queued (read off the round's counters: attempted minus those with an outcome, not counted),
 * and whether some are held for an A/B test's winner (the round does not end before they are
 * released and sent).
 */
async function roundState(
  tx: Ctx,
  p: PromotionRow,
): Promise<{ pending: boolean; queued: boolean; held: boolean }> {
  const [row] = await rawQuery<{ pending: boolean; queued: boolean; held: boolean }>(
    tx.db,
    `SELECT EXISTS (SELECT 1 FROM promotion_recipients WHERE promotion_id = $1 AND round = $2 AND state = 'pending')
         AS pending,
       ($3::boolean AND EXISTS (SELECT 1 FROM promotion_recipients
          WHERE promotion_id = $1 AND round = $2 AND state = 'held')) AS held,
       coalesce((SELECT attempted - failed - sent - delivered - read FROM promotion_counters
                 WHERE promotion_id = $1 AND round = $2), 0) > 0 AS queued`,
    [p.id, p.currentRound, p.abTest?.winner !== undefined],
  );
  return row!;
}
