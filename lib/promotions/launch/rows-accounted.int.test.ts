import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { rawQuery } from "@/lib/db/sql";
import { FAILURE_REASONS } from "@/lib/messages/status/error-reasons";
import { createTestBusiness } from "@/test/factories";
import { finalStatus, launchReady, numbers, runUntil } from "@/test/promotions";
import { getCampaignAudience } from "../dashboard/get-campaign-audience";
import { listCampaignRecipients } from "../dashboard/list-campaign-recipients";
import { loadCampaignPage } from "../dashboard/load-campaign-page";
import { getCampaignTimeline } from "../dashboard/get-campaign-timeline";
import { findList } from "../lists/find-list";
import { getPromotionStats } from "../reports/get-promotion-stats";
import { streamPromotionReport } from "../reports/stream-promotion-report";
import { launchDryRun } from "./launch-dry-run";
import { launchPromotion } from "./launch-promotion";
import { refusedRowsOfList, refusedRowsOfPromotion } from "./refused-rows";

const ctx = systemCtx("test");

async function text(stream: AsyncGenerator<string> | ReadableStream<Uint8Array>): Promise<string> {
  let out = "";
  if (stream instanceof ReadableStream) {
    const decoder = new TextDecoder();
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) out += decoder.decode(chunk);
  } else for await (const part of stream) out += part;
  return out;
}

const lines = (csv: string) => csv.trim().split("\r\n").slice(1);

describe("every row of a campaign's list is accounted for", () => {
  it("the dry run with the message refuses empty variable cells by name; the campaign page, E3 and E4 show its numbers", async () => {
    // 20 good rows (2 fail with 131047), 3 with an empty name, 1 with an empty city, 2 invalid
    // numbers, 1 duplicate, 1 opted-out number: 28 rows.
    const good = [...numbers(18, "0001"), ...numbers(2, "0047", 50)];
    const emptyName = numbers(3, "0001", 100);
    const emptyCity = numbers(1, "0001", 200);
    const optedOut = numbers(1, "0001", 300)[0]!;
    const csv = [
      "phone,name,city",
      ...good.map((p, i) => `${p},Name ${i},Pune`),
      ...emptyName.map((p) => `${p},,Pune`),
      ...emptyCity.map((p) => `${p},Ravi,`),
      "12,Bad,Pune",
      "not-a-number,Bad,Pune",
      `${good[0]},Again,Pune`,
      `${optedOut},Opted,Pune`,
    ].join("\n");
    const { businessId, body } = await launchReady({
      listName: "accounted",
      csv,
      name: "Every row",
      variables: ["${name}", "${city}"],
    });
    await rawQuery(ctx.db, "INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, $2, 'api')", [
      businessId,
      optedOut,
    ]);

    const dry = await launchDryRun(ctx, { businessId, listName: "accounted", body });
    expect(dry).toMatchObject({
      rows: 28,
      invalid: 2,
      duplicates: 1,
      missing: 4,
      refused: 7,
      optedOut: 1,
      willSend: 20,
      variables: [
        { variable: "{{1}}", column: "name" },
        { variable: "{{2}}", column: "city" },
      ],
    });
    expect(dry.rows).toBe(dry.refused + dry.optedOut + dry.willSend);
    // The estimate prices exactly the rows to send (Indian numbers, the template's utility rate).
    expect(dry.cost).toMatchObject({
      category: "utility",
      currency: "USD",
      messages: dry.willSend,
      total: 0.028,
      byCountry: [
        { country: "IN", market: "India", category: "utility", messages: 20, rate: 0.0014, cost: 0.028 },
      ],
      card: { effective: "2025-07-01" },
    });
    const missingReasons = dry.refusedRows.filter((r) => r.reason.startsWith("missing variable value"));
    expect(missingReasons.map((r) => r.reason)).toEqual([
      'missing variable value: {{1}} (column "name") is empty',
      'missing variable value: {{1}} (column "name") is empty',
      'missing variable value: {{1}} (column "name") is empty',
      'missing variable value: {{2}} (column "city") is empty',
    ]);

    // The wizard's refused-rows CSV: every refused row, with its reason.
    const list = await findList(ctx, businessId, "accounted");
    const wizardCsv = lines(
      await text(await refusedRowsOfList(ctx, businessId, list.id, JSON.stringify(dry.variables))),
    );
    expect(wizardCsv).toHaveLength(dry.refused);
    expect(wizardCsv.filter((l) => l.includes('{{2}} (column ""city"")'))).toHaveLength(1);
    await expect(refusedRowsOfList(ctx, businessId, list.id, "{not json")).rejects.toMatchObject({
      code: "invalid_request",
    });

    const launched = await launchPromotion(ctx, { businessId, list, body });
    expect(launched).toMatchObject({ accepted: 21, rejected: dry.refused, optout: 1 });
    expect(launched.rejectedRows.map((r) => r.reason)).toEqual(dry.refusedRows.map((r) => r.reason));
    const id = launched.promotionId;
    await runUntil(finalStatus(id));

    // The campaign page: the dry run's numbers.
    expect(await getCampaignAudience(ctx, businessId, id)).toEqual({
      rows: dry.rows,
      refused: dry.refused,
      optedOut: dry.optedOut,
      holdout: 0,
      toSend: dry.willSend,
    });
    // The recipients table's total (taken from that account, no count walked) is the table's
    // real number of recipients, and a filter still counts its own.
    const page = await loadCampaignPage(ctx, businessId, id, { offset: 0 });
    expect(page.recipients.total).toBe(dry.willSend + dry.optedOut);
    // What delivery cost: the 18 read messages (the 2 failed are not charged).
    expect(page.cost).toMatchObject({
      messages: 18,
      total: 0.0252,
      category: "utility",
      free: 0,
      reported: 0,
    });
    expect(page.recipients.total).toBe(
      (await listCampaignRecipients(ctx, businessId, id, { state: "optout" })).total + dry.willSend,
    );
    const counted = await listCampaignRecipients(ctx, businessId, id, {});
    expect(counted.total).toBe(page.recipients.total);
    // E4: everything to send was attempted.
    const stats = await getPromotionStats(ctx, businessId, id);
    expect(stats).toMatchObject({ attempted: dry.willSend, optout: 1, failed: 2, read: 18 });

    // E3 has a line per recipient (sent or opted out); the refused rows CSV the others.
    const report = lines(await text(await streamPromotionReport(ctx, businessId, id)));
    const refused = await refusedRowsOfPromotion(ctx, businessId, id);
    const refusedCsv = lines(await text(refused.rows));
    expect(report.length + refusedCsv.length).toBe(dry.rows);
    expect(refusedCsv).toEqual(wizardCsv);
    // E3's Error column reads as the one table of reasons does.
    const failedLines = report.filter((l) => l.includes(",failed,"));
    expect(failedLines).toHaveLength(2);
    for (const l of failedLines) expect(l).toContain(FAILURE_REASONS["131047"]);

    // The chart (counters, not the messages): every attempted message once, under its status.
    const timeline = await getCampaignTimeline(ctx, businessId, id);
    const total = timeline.reduce(
      (a, p) => a + p.read + p.failed + p.sent + p.delivered + p.accepted + p.attempted,
      0,
    );
    expect(total).toBe(dry.willSend);
    expect(timeline.reduce((a, p) => a + p.failed, 0)).toBe(2);

    // Another business sees none of it.
    const other = await createTestBusiness();
    expect(await getCampaignAudience(ctx, other.business.id, id)).toBeNull();
    await expect(refusedRowsOfPromotion(ctx, other.business.id, id)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(refusedRowsOfList(ctx, other.business.id, list.id, null)).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
