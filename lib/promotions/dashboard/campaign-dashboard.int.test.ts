import { afterEach, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { resetEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { createTestBusiness } from "@/test/factories";
import { drainAll } from "@/test/messages";
import { createTestPromotion, finalStatus, numbers, promotionRow, runUntil } from "@/test/promotions";
import { findRetryWait, retryFailedNow } from "../engine/retry-failed-now";
import { retryableCodes } from "../engine/config";
import { getCampaignTimeline } from "./get-campaign-timeline";
import { listCampaignFailures } from "./list-campaign-failures";
import { listCampaignRecipients } from "./list-campaign-recipients";

const ctx = systemCtx("test");

const refusalOf = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a refusal");
    },
    (err: unknown) => {
      expect(err).toBeInstanceOf(AppError);
      return err as AppError;
    },
  );

describe("campaign page reads and retry now", () => {
  afterEach(() => {
    delete process.env.PROMOTIONS_RETRYABLE_CODES;
    delete process.env.PROMOTIONS_RETRY_DELAY_SECONDS;
    resetEnv();
  });

  it("failures by code, recipients page/filter/search, time series; retry now starts the waiting round at once", async () => {
    process.env.PROMOTIONS_RETRYABLE_CODES = "131026";
    process.env.PROMOTIONS_RETRY_DELAY_SECONDS = "3600";
    resetEnv();
    const t = await createTestBusiness();
    const biz = t.business.id;
    // 0026: undeliverable (made retryable here); 0047: re-engagement (never retried); 0001: read.
    const phones = [...numbers(3, "0026"), ...numbers(2, "0047", 10), ...numbers(4, "0001", 20)];
    const { id } = await createTestPromotion(t, { phones, retry: 1 });
    await runUntil(async () => (await promotionRow(id)).currentRound === 1);
    await drainAll();

    const failures = await listCampaignFailures(ctx, biz, id, retryableCodes());
    // The 131026 ones wait for the retry round (their latest attempt failed), the 131047 ones are final.
    expect(failures).toEqual([
      { errorCode: "131026", reason: expect.stringContaining("undeliverable"), count: 3, retryable: true },
      { errorCode: "131047", reason: expect.stringContaining("Re-engagement"), count: 2, retryable: false },
    ]);

    const all = await listCampaignRecipients(ctx, biz, id, { limit: 4, offset: 4 });
    expect(all.total).toBe(9);
    expect(all.rows.map((r) => r.seq)).toEqual([5, 6, 7, 8]);
    const reversed = await listCampaignRecipients(ctx, biz, id, { limit: 3, desc: true });
    expect(reversed.rows.map((r) => r.seq)).toEqual([9, 8, 7]);
    const pending = await listCampaignRecipients(ctx, biz, id, { state: "pending" });
    expect(pending.total).toBe(3);
    expect(pending.rows.every((r) => r.round === 1 && r.errorCode === "131026")).toBe(true);
    const byCode = await listCampaignRecipients(ctx, biz, id, { errorCode: "131047" });
    expect(byCode.rows.map((r) => r.state)).toEqual(["failed", "failed"]);
    // A prefix, typed with '+' and a space: the four 0001 numbers (919800200001 ... 919800230001).
    const byPhone = await listCampaignRecipients(ctx, biz, id, { phone: "+91 98002" });
    expect(byPhone.rows.map((r) => r.phone)).toEqual(phones.slice(5));
    const exact = await listCampaignRecipients(ctx, biz, id, { phone: phones[0]! });
    expect(exact.total).toBe(1);
    expect(exact.rows[0]!.name).toBe("Name 0");

    const timeline = await getCampaignTimeline(ctx, biz, id);
    const sum = (k: "read" | "failed") => timeline.reduce((a, p) => a + p[k], 0);
    expect(sum("read")).toBe(4);
    expect(sum("failed")).toBe(5);

    // Another business sees nothing of it.
    const other = await createTestBusiness();
    expect((await listCampaignRecipients(ctx, other.business.id, id, {})).total).toBe(0);
    expect(await listCampaignFailures(ctx, other.business.id, id, [])).toEqual([]);
    expect(await getCampaignTimeline(ctx, other.business.id, id)).toEqual([]);
    expect((await refusalOf(retryFailedNow(ctx, other.business.id, id))).code).toBe("not_found");

    // The round waits an hour; retry now sends it at once.
    const p = await promotionRow(id);
    expect(await findRetryWait(ctx, p)).toEqual({ recipients: 3, dueAt: p.nextRunAt });
    expect(await retryFailedNow(ctx, biz, id)).toEqual({ recipients: 3, round: 1 });
    expect((await promotionRow(id)).nextRunAt!.getTime()).toBeLessThanOrEqual(Date.now());
    await runUntil(finalStatus(id), 30_000);
    expect((await promotionRow(id)).status).toBe("Completed");
    const err = await refusalOf(retryFailedNow(ctx, biz, id));
    expect(err.code).toBe("invalid_request");
    expect(err.message).toMatch(/No retries left/);
  });

  it("refuses retry now when retries are off, or while the round is still sending", async () => {
    const t = await createTestBusiness();
    const off = await createTestPromotion(t, { phones: numbers(2) });
    expect((await refusalOf(retryFailedNow(ctx, t.business.id, off.id))).message).toMatch(/Retries are off/);
    const sending = await createTestPromotion(t, { phones: numbers(2, "0001", 50), retry: 2 });
    const err = await refusalOf(retryFailedNow(ctx, t.business.id, sending.id));
    expect(err.message).toMatch(/Nothing to retry now/);
    expect(err.details).toEqual([{ path: "promotionId", message: err.message }]);
  });
});
