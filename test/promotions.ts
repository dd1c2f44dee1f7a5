import { eq } from "drizzle-orm";
import { promotionCounters, promotionRecipients, promotions } from "../db/schema";
import type { promotionStatuses } from "../db/schema";
import { systemCtx } from "../lib/context";
import { db } from "../lib/db/pool";
import { uuidv7 } from "../lib/ids";
import { rawQuery } from "../lib/db/sql";
import { drainQueues } from "../lib/jobs/drain-queues";
import { runDuePromotions } from "../lib/promotions/engine/run-due-promotions";
import { ingestList } from "../lib/promotions/lists/ingest-list";
import { createTestBusiness, type TestBusiness } from "./factories";
import { approvedTemplate, phoneOf } from "./messages";

type Status = (typeof promotionStatuses)[number];

/** Indian mobile numbers `9198` + 4 digits + `tail` (the simulator's outcome, docs/simulator.md). */
export const numbers = (n: number, tail = "0001", from = 0) =>
  Array.from({ length: n }, (_, i) => `9198${String(from + i).padStart(4, "0")}${tail}`);

/** A CSV as the byte stream of an upload (ingestList's `source`). */
export async function* csvBytes(text: string) {
  yield new TextEncoder().encode(text);
}

/**
 * A new business ready for the wizard's Launch: an approved template, the list `listName`
 * ingested from `csv`, and an E1 launch body named `name` on its chatapp sender, the template's
 * two body variables set to `variables` (a `${column}` or fixed text).
 */
export async function launchReady(opts: {
  listName: string;
  csv: string;
  name: string;
  variables: [string, string];
  /** As E1 form (a) uploads: the rows' key left to the launch above this many rows. */
  keyLaterAbove?: number;
}) {
  const t = await createTestBusiness();
  const businessId = t.business.id;
  const tpl = await approvedTemplate(businessId);
  await ingestList(systemCtx("test"), {
    businessId,
    name: opts.listName,
    source: csvBytes(opts.csv),
    keyLaterAbove: opts.keyLaterAbove,
  });
  const body = {
    name: opts.name,
    channelType: "chatapp",
    phoneNumberId: phoneOf(t),
    template: {
      name: tpl.name,
      language: "en_US",
      components: [{ type: "BODY", variables: opts.variables.map((value) => ({ type: "text", value })) }],
    },
  };
  return { t, businessId, tpl, body };
}

/**
 * A promotion with its recipients, written directly as E1 (built in parallel) hands it to the
 * engine: chatapp template with two body variables from `${name}` and `${order}`, recipients
 * pending (or `optout` for `optedOut`), counters row of round 0, status Active due now unless
 * given.
 */
export async function createTestPromotion(
  t: TestBusiness,
  opts: {
    phones: string[];
    optedOut?: string[];
    status?: Status;
    scheduleTime?: Date;
    endTime?: Date;
    retry?: number;
    staggered?: { batchSize: number; batchTimer: number };
    names?: (i: number) => string;
    stopOnCategoryUpdate?: boolean;
  },
) {
  const tpl = await approvedTemplate(t.business.id);
  const id = uuidv7();
  const status = opts.status ?? (opts.scheduleTime ? "Scheduled" : "Active");
  await db()
    .insert(promotions)
    .values({
      id,
      businessId: t.business.id,
      kind: "promotion",
      name: `promo ${id.slice(-6)}`,
      channelType: "chatapp",
      status,
      targetListName: "list",
      phoneNumberId: phoneOf(t),
      templateId: tpl.id,
      template: {
        name: tpl.name,
        id: tpl.id,
        language: "en_US",
        category: "MARKETING",
        components: [
          {
            type: "BODY",
            variables: [
              { type: "text", value: "${name}" },
              { type: "text", value: "${order}" },
            ],
          },
        ],
      },
      promotionEndTime: opts.endTime ?? null,
      scheduleTime: opts.scheduleTime ?? null,
      retryPromotion: (opts.retry ?? 0) > 0,
      maxRetries: opts.retry ?? 0,
      retriesLeft: opts.retry ?? 0,
      staggered: !!opts.staggered,
      batchSize: opts.staggered?.batchSize ?? 0,
      batchTimer: opts.staggered?.batchTimer ?? 0,
      stopOnCategoryUpdate: opts.stopOnCategoryUpdate ?? false,
      nextRunAt: opts.scheduleTime ?? new Date(Date.now() - 1000),
    });
  const optedOut = new Set(opts.optedOut ?? []);
  const all = [...opts.phones, ...(opts.optedOut ?? [])];
  for (let i = 0; i < all.length; i += 5000) {
    await db()
      .insert(promotionRecipients)
      .values(
        all.slice(i, i + 5000).map((phone, j) => ({
          promotionId: id,
          seq: i + j + 1,
          businessId: t.business.id,
          phone,
          name: opts.names ? opts.names(i + j) : `Name ${i + j}`,
          subscriberId: `sub-${i + j}`,
          vars: { order: `O-${i + j}` },
          state: optedOut.has(phone) ? ("optout" as const) : ("pending" as const),
        })),
      );
  }
  await db()
    .insert(promotionCounters)
    .values({ promotionId: id, round: 0, businessId: t.business.id, optout: optedOut.size });
  return { id, template: tpl };
}

export async function promotionRow(id: string) {
  const [p] = await db().select().from(promotions).where(eq(promotions.id, id));
  return p!;
}

/** Recipient states of a promotion, counted. */
export async function recipientStates(id: string): Promise<Record<string, number>> {
  const rows = await rawQuery<{ state: string; n: number }>(
    db(),
    `SELECT state, count(*)::int AS n FROM promotion_recipients WHERE promotion_id = $1 GROUP BY state`,
    [id],
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

/** Runs scheduler ticks and drains the queues until `done` or `ms` pass. */
export async function runUntil(done: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("promotion did not reach the expected state in time");
    await runDuePromotions();
    await drainQueues({ budgetMs: 5_000 });
  }
}

export const finalStatus = (id: string) => async () =>
  ["Completed", "Expired", "Cancelled"].includes((await promotionRow(id)).status);

/** A CSV of `phones` with a name and an order column (the A/B tests' lists). */
export const phonesCsv = (phones: string[]) =>
  `Phone,Name,Order\n${phones.map((p, i) => `${p},Name ${i},O-${i}`).join("\n")}\n`;

/** Whether every A/B test-arm recipient of the campaign has its outcome (for runUntil). */
export const testArmsDone = (id: string) => async () => {
  const [row] = await rawQuery<{ open: number }>(
    db(),
    `SELECT count(*)::int AS open FROM promotion_recipients
     WHERE promotion_id = $1 AND arm > 0 AND state IN ('pending', 'queued', 'sent')`,
    [id],
  );
  return row!.open === 0;
};

/** Backdates the campaign's start by `hours`: an A/B test period of that length is over. */
export const backdateStart = (id: string, hours: number) =>
  rawQuery(db(), `UPDATE promotions SET start_time = start_time - make_interval(hours => $2) WHERE id = $1`, [
    id,
    hours,
  ]);
