import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { rawQuery } from "@/lib/db/sql";
import { resetEnv } from "@/lib/env";
import { csvBytes, launchReady } from "@/test/promotions";
import { preparePromotions } from "../engine/prepare-due-promotions";
import { updatePromotionStatus } from "../engine/update-promotion-status";
import { findList } from "../lists/find-list";
import { ingestList } from "../lists/ingest-list";
import { listRowsTable } from "../lists/list-rows-table";
import { launchPromotion } from "./launch-promotion";

const ctx = systemCtx("test");

// Row 2 misses its order (left out at preparation); row 3's number is opted out.
const CSV =
  "phone,name,order\n919800000001,Asha,A-1\n919800000002,Ravi,\n919800000003,Mira,A-3\n919800000004,Ken,A-4\n";

async function launchLarge(
  opts: { csv?: string; variables?: [string, string]; scheduleTime?: string; keyLaterAbove?: number } = {},
) {
  const ready = await launchReady({
    listName: "large",
    csv: opts.csv ?? CSV,
    name: "Large list",
    variables: opts.variables ?? ["${name}", "${order}"],
    keyLaterAbove: opts.keyLaterAbove,
  });
  await rawQuery(
    ctx.db,
    "INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, '919800000003', 'api')",
    [ready.businessId],
  );
  const list = await findList(ctx, ready.businessId, "large");
  const body = opts.scheduleTime ? { ...ready.body, scheduleTime: opts.scheduleTime } : ready.body;
  const launched = await launchPromotion(ctx, { businessId: ready.businessId, list, body });
  return { ...ready, list, launched };
}

const stateOf = async (id: string) =>
  (
    await rawQuery<{
      status: string;
      status_reason: string | null;
      recipients: number;
      optout: number | null;
    }>(
      ctx.db,
      `SELECT p.status, p.status_reason,
         (SELECT count(*)::int FROM promotion_recipients r WHERE r.promotion_id = p.id) AS recipients,
         (SELECT c.optout FROM promotion_counters c WHERE c.promotion_id = p.id AND c.round = 0) AS optout
       FROM promotions p WHERE p.id = $1`,
      [id],
    )
  )[0]!;

describe("a launch on a list over PROMOTION_PREPARE_INLINE_MAX_ROWS", () => {
  beforeEach(() => {
    process.env.PROMOTION_PREPARE_INLINE_MAX_ROWS = "2";
    resetEnv();
  });
  afterEach(() => {
    delete process.env.PROMOTION_PREPARE_INLINE_MAX_ROWS;
    resetEnv();
  });

  it("answers in Preparing with the list's counts; the scheduler then prepares it once", async () => {
    const { launched } = await launchLarge();
    expect(launched).toMatchObject({ status: "Preparing", accepted: 4, rejected: 0, optout: 0 });
    expect(await stateOf(launched.promotionId)).toMatchObject({ status: "Preparing", recipients: 0 });

    // Two workers' ticks at once: one prepares it, the other skips the locked row.
    const prepared = await Promise.all([preparePromotions(ctx), preparePromotions(ctx)]);
    expect(prepared[0] + prepared[1]).toBe(1);
    expect(await stateOf(launched.promotionId)).toMatchObject({ status: "Active", recipients: 3, optout: 1 });
    expect(await preparePromotions(ctx)).toBe(0);
    const states = await rawQuery<{ seq: number; state: string }>(
      ctx.db,
      "SELECT seq::int AS seq, state FROM promotion_recipients WHERE promotion_id = $1 ORDER BY seq",
      [launched.promotionId],
    );
    expect(states).toEqual([
      { seq: 1, state: "pending" },
      { seq: 3, state: "optout" },
      { seq: 4, state: "pending" },
    ]);
  });

  it("hands a scheduled launch over as Scheduled at its time", async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const { launched } = await launchLarge({ scheduleTime: at });
    expect(launched.status).toBe("Preparing");
    expect(await preparePromotions(ctx)).toBe(1);
    const [row] = await rawQuery<{ status: string; next_run_at: Date }>(
      ctx.db,
      "SELECT status, next_run_at FROM promotions WHERE id = $1",
      [launched.promotionId],
    );
    expect(row!.status).toBe("Scheduled");
    expect(row!.next_run_at.toISOString()).toBe(at);
  });

  it("is cancellable while it prepares; a cancelled one is never prepared", async () => {
    const { launched, businessId } = await launchLarge();
    const cancelled = await updatePromotionStatus(ctx, businessId, launched.promotionId, {
      type: "status",
      status: "Cancelled",
    });
    expect(cancelled.status).toBe("Cancelled");
    expect(await preparePromotions(ctx)).toBe(0);
    expect(await stateOf(launched.promotionId)).toMatchObject({ status: "Cancelled", recipients: 0 });
  });

  it("cancels, saying why, a launch whose list has no row with every variable's value", async () => {
    const csv = "phone,name,order\n919800000001,Asha,\n919800000002,Ravi,\n919800000004,Ken,\n";
    const { launched } = await launchLarge({ csv });
    expect(launched.status).toBe("Preparing");
    expect(await preparePromotions(ctx)).toBe(0);
    const state = await stateOf(launched.promotionId);
    expect(state).toMatchObject({ status: "Cancelled", recipients: 0 });
    expect(state.status_reason).toMatch(/No row of the list 'large' has a value for every variable/);
  });

  it("cancels, saying why, a launch whose list is gone (it never holds up the next one)", async () => {
    const { launched } = await launchLarge();
    const next = await launchLarge();
    await rawQuery(
      ctx.db,
      "DELETE FROM target_lists WHERE id = (SELECT target_list_id FROM promotions WHERE id = $1)",
      [launched.promotionId],
    );
    expect(await preparePromotions(ctx)).toBe(0);
    const state = await stateOf(launched.promotionId);
    expect(state).toMatchObject({
      status: "Cancelled",
      status_reason: "The promotion's target list no longer exists",
    });
    expect(await preparePromotions(ctx)).toBe(1);
    expect(await stateOf(next.launched.promotionId)).toMatchObject({ status: "Active", recipients: 3 });
  });

  it("pauses 30 s before trying again a preparation that failed on our side", async () => {
    const { launched } = await launchLarge();
    // A stored list whose columns are not a list: the preparation fails with a TypeError.
    await rawQuery(
      ctx.db,
      `UPDATE target_lists SET columns = '{}'::jsonb WHERE id = (SELECT target_list_id FROM promotions WHERE id = $1)`,
      [launched.promotionId],
    );
    expect(await preparePromotions(ctx)).toBe(0);
    const [row] = await rawQuery<{ status: string; wait: number }>(
      ctx.db,
      "SELECT status, extract(epoch FROM next_run_at - now())::float8 AS wait FROM promotions WHERE id = $1",
      [launched.promotionId],
    );
    expect(row!.status).toBe("Preparing");
    expect(row!.wait).toBeGreaterThan(25);
    expect(await preparePromotions(ctx)).toBe(0); // not due again yet
  });

  it("prepares from its own list even when a new upload replaced the list's name meanwhile", async () => {
    const { launched, businessId } = await launchLarge();
    // The new upload retires the old list (a promotion refers to it) instead of deleting it.
    const source = csvBytes("phone,name,order\n919800000009,Zed,Z-9\n");
    await ingestList(ctx, { businessId, name: "large", source });
    expect((await findList(ctx, businessId, "large")).rowCount).toBe(1);
    expect(await preparePromotions(ctx)).toBe(1);
    expect(await stateOf(launched.promotionId)).toMatchObject({ status: "Active", recipients: 3 });
    const phones = await rawQuery<{ phone: string }>(
      ctx.db,
      "SELECT phone FROM promotion_recipients WHERE promotion_id = $1 ORDER BY seq",
      [launched.promotionId],
    );
    expect(phones.map((r) => r.phone)).toEqual(["919800000001", "919800000003", "919800000004"]);
  });

  it("leaves a large E1 list's key to the preparation, which builds it before the recipients", async () => {
    // E1 form (a) uploads so (lib/api/promotions/read-list-upload.ts): no key for more than the limit.
    const { list, launched } = await launchLarge({ keyLaterAbove: 2 });
    const keys = () =>
      rawQuery<{ n: number }>(
        ctx.db,
        "SELECT count(*)::int AS n FROM pg_index WHERE indrelid = to_regclass($1) AND indisunique",
        [listRowsTable(list.id)],
      );
    expect(await keys()).toEqual([{ n: 0 }]);
    expect(launched).toMatchObject({ status: "Preparing", accepted: 4 });
    expect(await preparePromotions(ctx)).toBe(1);
    expect(await keys()).toEqual([{ n: 1 }]);
    expect(await stateOf(launched.promotionId)).toMatchObject({ status: "Active", recipients: 3 });
  });
});
