import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { api } from "../../test/api";
import { startReceiver } from "../../test/callback-receiver";
import { a1Body, approvedTemplate, phoneOf } from "../../test/messages";
import { profilesOf, statementFixture, type StatementFixture } from "../../test/statement-fixture";
import { checkDefinition } from "../audiences/segments/check-definition";
import {
  countDefinition,
  customerInSegment,
  listSegmentMatches,
} from "../audiences/segments/segment-matches";
import { getSegment } from "../audiences/segments/segments";
import { createEndpoint } from "../callbacks/create-endpoint";
import { enqueueCallbacks } from "../callbacks/enqueue-callbacks";
import { processDeliveries } from "../callbacks/process-deliveries";
import type { CallbackEvent } from "../callbacks/schemas";
import { inTransaction } from "../context";
import { countUnread } from "../conversations/count-unread";
import { findVisible } from "../conversations/find-visible";
import { listConversations } from "../conversations/list-conversations";
import { env } from "../env";
import { listFlowRuns } from "../flows/list-flow-runs";
import { searchReplies } from "../inbound/search-replies";
import { leasedOnFirstRun } from "../jobs/job-leases";
import { uploadProfiles } from "../profiles/upload-profiles";
import { listCampaignRecipients } from "../promotions/dashboard/list-campaign-recipients";
import { listCampaigns } from "../promotions/dashboard/list-campaigns";
import { runDuePromotions } from "../promotions/engine/run-due-promotions";
import { updatePromotionStatus } from "../promotions/engine/update-promotion-status";
import { launchDryRun } from "../promotions/launch/launch-dry-run";
import { launchPromotion } from "../promotions/launch/launch-promotion";
import { launchRejects } from "../promotions/launch/launch-rejects";
import { variableCells } from "../promotions/launch/variable-columns";
import { dropList } from "../promotions/lists/drop-list";
import { createListFromProfiles } from "../promotions/lists/list-from-profiles";
import { freezeSegmentList } from "../promotions/lists/freeze-segment-list";
import { listFromSegment } from "../promotions/lists/list-from-segment";
import { streamListRejects } from "../promotions/lists/stream-list-rejects";
import { getPromotionStats } from "../promotions/reports/get-promotion-stats";
import { streamPromotionReport } from "../promotions/reports/stream-promotion-report";
import { holdTokens, leaseTokens } from "../rate/lease-tokens";
import { scanStatements, sourceFiles, type DynamicSite } from "./statement-scan";

/**
 * The one guard between the raw SQL and the schema: every statement the code can send is
 * prepared (parsed, analysed and planned: an unknown table, column, function or type fails)
 * against the freshly migrated schema, on one connection, so a schema change that breaks a
 * statement fails here and not at run time.
 *
 * The statements are found in the source (lib/db/statement-scan.ts): every text it can work out
 * is prepared as it stands. A call whose text is built at run time (filters, a segment's
 * predicates, a list's own table) is listed below under its key: run through the code with
 * inputs that turn its parts on (every statement sent on the way is prepared, and one of them
 * must be that call's, by its template), or left out with the reason it is not SQL on the
 * schema. A new call that is neither fails the test, and so does an entry whose call is gone.
 * The runs share one small business (test/statement-fixture.ts: tagged profiles, a saved
 * segment, an uploaded list, a launched campaign); the statements its setup sends are prepared
 * too.
 */

type Covered =
  /** Not a statement on the application's tables: why. */
  | { outside: string }
  /** Runs the code that builds it; the statements it sends are prepared and must include the call's. */
  | { run: (t: StatementFixture) => Promise<unknown> };

const DB_TOOLS =
  "the database tools (migrations, export, import, PGlite upgrade) run the catalog's and the migration files' own SQL";
const LIST_TABLE =
  "DDL on a list's own rows table (made at run time, named by the list's id): DDL is not preparable; its COPY and queries run in the list upload tests";

const DYNAMIC: Record<string, Covered> = {
  "lib/db/export-database.ts#query": { outside: DB_TOOLS },
  "lib/db/export-database.ts#copyOut": { outside: DB_TOOLS },
  "lib/db/import-database.ts#makeTable": { outside: DB_TOOLS },
  "lib/db/import-database.ts#makeTable#2": { outside: DB_TOOLS },
  "lib/db/import-database.ts#load": { outside: DB_TOOLS },
  "lib/db/import-database.ts#load#2": { outside: DB_TOOLS },
  "lib/db/migrate.ts#migrate": { outside: DB_TOOLS },
  "lib/db/pglite-upgrade.ts#query": { outside: DB_TOOLS },
  "lib/db/pglite-upgrade.ts#copyOut": { outside: DB_TOOLS },
  "lib/db/sql.ts#rawQuery": { outside: "the helper itself: its callers' texts are what this test checks" },
  "lib/db/sql.ts#rawQuery#2": { outside: "the helper itself: its callers' texts are what this test checks" },
  "lib/db/sql.ts#savepoint": { outside: "a savepoint command" },
  "lib/db/sql.ts#savepoint#2": { outside: "a savepoint command" },
  "lib/db/sql.ts#savepoint#3": { outside: "a savepoint command" },
  "lib/jobs/declare-queue.ts#executeSql": {
    outside: "pg-boss's own SQL on its own schema, run through our executor",
  },
  "lib/promotions/lists/analyze-list-rows.ts#analyzeListRows": { outside: LIST_TABLE },
  "lib/promotions/lists/drop-deleted-list-rows.ts#dropDeletedListRows": { outside: LIST_TABLE },
  "lib/promotions/lists/drop-deleted-list-rows.ts#dropDeletedListRows#2": { outside: LIST_TABLE },
  "lib/promotions/lists/drop-deleted-list-rows.ts#dropDeletedListRows#3": { outside: LIST_TABLE },
  "lib/promotions/lists/list-rows-table.ts#loadListRows": { outside: LIST_TABLE },
  "lib/promotions/lists/list-rows-table.ts#loadListRows#2": { outside: LIST_TABLE },
  "lib/promotions/lists/list-rows-table.ts#loadListRows#3": { outside: LIST_TABLE },
  "lib/promotions/lists/list-rows-table.ts#keyListRows": { outside: LIST_TABLE },
  "lib/promotions/lists/row-sinks.ts#copyRowSink": { outside: LIST_TABLE },
  "lib/promotions/lists/row-sinks.ts#copyRowSink#2": { outside: LIST_TABLE },
  "lib/promotions/lists/row-sinks.ts#copyRowSink#3": { outside: LIST_TABLE },
  "lib/promotions/lists/row-sinks.ts#end": { outside: LIST_TABLE },
  "lib/promotions/lists/row-sinks.ts#end#2": { outside: LIST_TABLE },

  "lib/audiences/segments/segment-matches.ts#listSegmentMatches": {
    run: (t) =>
      Promise.all([
        listSegmentMatches(t.ctx, t.businessId, t.segmentId, { limit: 2 }),
        listSegmentMatches(t.ctx, t.businessId, t.segmentId, { after: t.id, limit: 2 }),
      ]),
  },
  "lib/audiences/segments/segment-matches.ts#customerInSegment": {
    run: (t) => customerInSegment(t.ctx, t.businessId, t.segmentId, t.phones[0]!),
  },
  "lib/db/write-statement.ts#run": { run: (t) => writeStatementsOf(t) },
  "lib/profiles/upload-profiles.ts#uploadProfiles": {
    run: (t) =>
      Promise.all([
        uploadProfiles(t.ctx, t.businessId, { profile: [{ phone: t.phones[2], countrycode: "IN" }] }),
        uploadProfiles(t.ctx, t.businessId, { profile: profilesOf(t.phones.slice(0, 2)) }),
      ]),
  },
  "lib/profiles/upload-profiles.ts#removeAttributes": {
    run: (t) =>
      uploadProfiles(t.ctx, t.businessId, {
        profile: profilesOf(t.phones.slice(1), { attributes: { plan: null } }),
      }),
  },
  "lib/promotions/engine/step-promotion.ts#stepPromotion": { run: () => runDuePromotions() },
  "lib/promotions/engine/update-promotion-status.ts#updatePromotionStatus": {
    run: async (t) => {
      await updatePromotionStatus(t.ctx, t.businessId, t.promotionId, { type: "status", status: "Stopped" });
      await updatePromotionStatus(t.ctx, t.businessId, t.promotionId, { type: "status", status: "Active" });
    },
  },
  "lib/promotions/launch/create-recipients.ts#createRecipients": {
    run: (t) =>
      launchPromotion(t.ctx, { businessId: t.businessId, list: t.list, body: { ...t.body, name: "Again" } }),
  },
  "lib/promotions/launch/launch-dry-run.ts#dryRunOnList": {
    run: (t) =>
      Promise.all([
        launchDryRun(t.ctx, { businessId: t.businessId, listName: t.listName, body: t.body }),
        launchDryRun(t.ctx, {
          businessId: t.businessId,
          listName: undefined,
          body: { ...t.body, targetSource: "SEGMENT", segmentId: t.segmentId },
        }),
      ]),
  },
  "lib/promotions/launch/dry-run-arms.ts#dryRunArms": {
    run: (t) =>
      launchDryRun(t.ctx, {
        businessId: t.businessId,
        listName: t.listName,
        body: {
          ...t.body,
          abTest: {
            variants: [
              { name: "A", template: t.body.template },
              { name: "B", template: t.body.template },
            ],
            holdoutPercent: 10,
            seed: 1,
            winner: { testShare: 50, testHours: 4, metric: "read" },
          },
        },
      }),
  },
  "lib/promotions/lists/list-from-profiles.ts#createListFromProfiles": { run: (t) => listFromProfilesOf(t) },
  "lib/promotions/lists/list-from-profiles.ts#createListFromProfiles#2": {
    run: (t) => listFromProfilesOf(t),
  },
  "lib/promotions/lists/list-from-segment.ts#insert": {
    run: async (t) => {
      const segment = await getSegment(t.ctx, t.businessId, t.segmentId);
      const definition = await checkDefinition(t.ctx, t.businessId, segment.definition);
      await inTransaction(t.ctx, (tx) =>
        listFromSegment(tx, { businessId: t.businessId, definition, path: "segmentId" }),
      );
      // In two parts (a part's bound, the second's offset), as a large business's launch.
      return freezeSegmentList(t.ctx, {
        businessId: t.businessId,
        definition,
        path: "segmentId",
        partsFrom: 0,
      });
    },
  },
  "lib/promotions/lists/list-from-segment.ts#count": {
    run: async (t) => {
      const segment = await getSegment(t.ctx, t.businessId, t.segmentId);
      const definition = await checkDefinition(t.ctx, t.businessId, segment.definition);
      return freezeSegmentList(t.ctx, {
        businessId: t.businessId,
        definition,
        path: "segmentId",
        partsFrom: 0,
      });
    },
  },
  "lib/promotions/lists/freeze-segment-list.ts#freezeSegmentList": { outside: LIST_TABLE },
  "lib/promotions/lists/freeze-segment-list.ts#freezeSegmentList#2": { outside: LIST_TABLE },
  "lib/promotions/lists/freeze-segment-list.ts#freezeSegmentList#3": { outside: LIST_TABLE },
  "lib/promotions/lists/freeze-segment-list.ts#removeFrozen": { outside: LIST_TABLE },
  "lib/promotions/lists/freeze-segment-list.ts#writeParts": {
    outside: "SET TRANSACTION SNAPSHOT with the id pg_export_snapshot gave: a transaction command",
  },
  "lib/promotions/reports/stream-promotion-report.ts#pull": {
    run: async (t) => {
      const report = await streamPromotionReport(t.ctx, t.businessId, t.promotionId);
      for await (const chunk of report as unknown as AsyncIterable<Uint8Array>) void chunk;
    },
  },
  "lib/rate/lease-tokens.ts#holdTokens": {
    run: (t) =>
      holdTokens(t.ctx.db, { table: "api_key_rate_buckets", keyColumns: ["key_id"] }, [t.keyId], 10),
  },
  "lib/audiences/segments/segment-matches.ts#countResolved": {
    // Tags and attributes only: counted over profile_facets alone.
    run: (t) =>
      countDefinition(t.ctx, t.businessId, {
        groups: [
          {
            conditions: [
              { kind: "tags", op: "any_of", tags: ["VIP"] },
              { kind: "attribute", key: "plan", op: "any_of", value: ["Gold"] },
            ],
          },
        ],
      }),
  },
  "lib/audiences/segments/segment-matches.ts#countResolved#2": { run: (t) => countSegmentOf(t) },
  "lib/audiences/segments/segment-matches.ts#countResolved#3": { run: (t) => countSegmentOf(t) },
  "lib/conversations/count-unread.ts#countUnread": {
    run: async (t) => Promise.all([countUnread(t.ctx, t.businessId), countUnread(t.agent, t.businessId)]),
  },
  "lib/conversations/find-visible.ts#findVisible": {
    run: async (t) =>
      Promise.all(
        [t.ctx, t.agent].map((c) =>
          findVisible(c, t.businessId, { scope: "own", userId: t.id }, t.id).catch(() => undefined),
        ),
      ),
  },
  "lib/conversations/list-conversations.ts#listConversations": {
    run: (t) =>
      listConversations(t.agent, t.businessId, {
        tab: "mine",
        state: "open",
        teamId: t.id,
        channel: "chatapp",
        assigneeId: t.id,
        q: "9198",
      }),
  },
  "lib/flows/list-flow-runs.ts#listFlowRuns": {
    run: (t) => listFlowRuns(t.agent, t.businessId, { flowId: t.id, runId: t.id }),
  },
  "lib/inbound/search-replies.ts#searchReplies": {
    run: (t) =>
      Promise.all([
        searchReplies(t.ctx, t.businessId, {
          q: "hello",
          sort: { id: "from", desc: false },
          limit: 5,
          offset: 0,
        }),
        searchReplies(t.ctx, t.businessId, { q: "+91 98", limit: 5, offset: 0 }),
      ]),
  },
  "lib/inbound/search-replies.ts#searchReplies#2": {
    run: (t) => searchReplies(t.ctx, t.businessId, { limit: 5, offset: 0 }),
  },
  "lib/promotions/dashboard/list-campaign-recipients.ts#listCampaignRecipients": {
    run: (t) =>
      listCampaignRecipients(
        t.ctx,
        t.businessId,
        t.id,
        { state: "sent", errorCode: "x", phone: "+91 98", desc: true },
        10,
      ),
  },
  "lib/promotions/dashboard/list-campaign-recipients.ts#listCampaignRecipients#2": {
    run: (t) => listCampaignRecipients(t.ctx, t.businessId, t.id, { phone: "98" }),
  },
  "lib/promotions/dashboard/list-campaigns.ts#listCampaigns": { run: (t) => campaignsOf(t) },
  "lib/promotions/dashboard/list-campaigns.ts#listCampaigns#2": { run: (t) => campaignsOf(t) },
  "lib/promotions/launch/launch-rejects.ts#launchRejects": {
    run: (t) =>
      launchRejects(t.ctx, {
        businessId: t.businessId,
        listId: t.id,
        vars: [{ variable: "1", column: "name", position: 1 }],
      }),
  },
  "lib/promotions/lists/stream-list-rejects.ts#streamListRejects": {
    run: async (t) => {
      const vars = variableCells(t.list.columns, t.body.template.components);
      for (const v of [[], vars])
        for await (const line of streamListRejects(t.ctx, t.businessId, t.list.id, v)) void line;
    },
  },
  "lib/promotions/lists/drop-list.ts#dropList": {
    run: (t) =>
      Promise.all([
        dropList(t.ctx.db, { businessId: t.businessId, name: "x" }),
        dropList(t.ctx.db, { businessId: t.businessId, id: t.id }),
      ]),
  },
  "lib/promotions/reports/get-promotion-stats.ts#getPromotionStats": {
    run: (t) => getPromotionStats(t.ctx, t.businessId, t.id).catch(() => undefined),
  },
  "lib/rate/lease-tokens.ts#leaseTokens": {
    run: (t) =>
      leaseTokens(t.ctx.db, { table: "api_key_rate_buckets", keyColumns: ["key_id"] }, [t.keyId], {
        rate: 1,
        burst: 1,
        want: 1,
      }),
  },
};

/** The three callers of writeStatement: a send, a callback's enqueue, its delivery's outcome. */
async function writeStatementsOf(t: StatementFixture) {
  const tpl = await approvedTemplate(t.businessId);
  const sent = await api(`/api/v3/message/${t.businessId}/template`, {
    headers: { "x-api-key": t.t.apiKey },
    json: a1Body(tpl.name, phoneOf(t.t)),
  });
  if (sent.status !== 200) throw new Error(`send answered ${sent.status}: ${sent.text}`);
  const rx = await startReceiver();
  try {
    await createEndpoint(t.ctx, t.businessId, { url: rx.url });
    const event: CallbackEvent<"message.status"> = {
      event: "message.status",
      payload: {
        messageId: "m-1",
        messageRef: "ref-1",
        subscriberId: t.phones[0]!,
        status: "sent",
        sentAt: 1,
      },
    };
    const { deliveryIds } = await enqueueCallbacks(t.ctx, t.businessId, [event]);
    await processDeliveries(
      leasedOnFirstRun(
        { businessId: t.businessId, ids: deliveryIds, leased: true },
        { id: "x", queue: "callbacks.deliver", retryCount: 0 },
      ),
    );
  } finally {
    await rx.close();
  }
}

const listFromProfilesOf = (t: StatementFixture) =>
  createListFromProfiles(t.ctx, {
    businessId: t.businessId,
    filter: { name: "from profiles", city: "Pune", gender: "F", minAge: 18, maxAge: 90 },
  });

const countSegmentOf = (t: StatementFixture) =>
  countDefinition(t.ctx, t.businessId, {
    groups: [{ conditions: [{ kind: "consent", state: "not_opted_out" }] }],
  });

const campaignsOf = (t: StatementFixture) =>
  listCampaigns(t.ctx, t.businessId, {
    q: "spring",
    filters: { channel: "chatapp", status: "Active", from: "2026-01-01", to: "2026-02-01" },
    sort: { id: "name", desc: false },
    limit: 5,
    offset: 0,
    timeZone: "Asia/Kolkata",
  });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** What PREPARE takes (DDL and session commands are not plannable). */
const PREPARABLE =
  /^\s*(?:\/\*[\s\S]*?\*\/\s*|--[^\n]*\n\s*)*(select|insert|update|delete|with|values|merge)\b/i;

describe("every raw statement", () => {
  it("prepares against the migrated schema, the built ones from representative runs", async () => {
    const scan = scanStatements(root, [...sourceFiles(root, ["lib", "app", "db"]), "server.ts"]);
    const sites = new Map(scan.dynamic.map((d) => [d.key, d]));
    const uncovered = scan.dynamic
      .filter((d) => !(d.key in DYNAMIC))
      .map((d) => `${d.key} (${d.site}): ${d.reason}`);
    const stale = Object.keys(DYNAMIC).filter((k) => !sites.has(k));
    expect({ uncovered, stale }).toEqual({ uncovered: [], stale: [] });

    const texts = new Map<string, string>();
    for (const s of scan.statements) if (!texts.has(s.text)) texts.set(s.text, s.site);
    const notCovered = Object.entries(DYNAMIC)
      .filter(([, c]) => !("run" in c ? typeof c.run === "function" : c.outside?.trim()))
      .map(([k]) => k);
    expect(notCovered).toEqual([]);

    const unreached: string[] = [];
    const setup = await captureValue(statementFixture);
    for (const s of setup.sent) if (!texts.has(s)) texts.set(s, "test/statement-fixture.ts (run)");
    const t = setup.value;
    for (const [key, covered] of Object.entries(DYNAMIC)) {
      if (!("run" in covered)) continue;
      const sent = await capture(() => covered.run(t));
      const site = sites.get(key)!;
      if (!sent.some((s) => matches(site, s)))
        unreached.push(
          `${key} (${site.site})${site.pattern ? "" : ": the scan gives no pattern of its text"}`,
        );
      for (const s of sent) if (!texts.has(s)) texts.set(s, `${key} (run)`);
    }
    expect(unreached).toEqual([]);
    console.log(
      `raw statements: ${scan.calls} calls, ${texts.size} texts, ${scan.dynamic.length} built at run time`,
    );

    const failures: string[] = [];
    const c = new pg.Client({ connectionString: env().DATABASE_URL });
    await c.connect();
    try {
      for (const [text, site] of texts) {
        if (!PREPARABLE.test(text)) continue;
        try {
          await c.query(`PREPARE sb_statement_check AS ${onListRows(text).trim().replace(/;\s*$/, "")}`);
          await c.query("DEALLOCATE sb_statement_check");
        } catch (err) {
          failures.push(`${site}: ${(err as Error).message}\n    ${text.replace(/\s+/g, " ").slice(0, 300)}`);
        }
      }
    } finally {
      await c.end();
    }
    expect(failures).toEqual([]);
    expect(texts.size).toBeGreaterThan(300);
  });
});

/**
 * A run's statement on one list's own rows table (listRowsTable: made by the run, gone when its
 * transaction rolled back, as a dry run's is) prepared on target_list_rows, whose partition it
 * becomes with the same columns.
 */
const onListRows = (text: string) => text.replace(/\btarget_list_rows_[0-9a-f]{32}\b/g, "target_list_rows");

const matches = (site: DynamicSite, text: string) => site.pattern?.test(text) ?? false;

/** The statement texts `fn` sends through `pg` while it runs (and whatever else this process sends meanwhile). */
async function capture(fn: () => Promise<unknown>): Promise<string[]> {
  return (await captureValue(fn)).sent;
}

async function captureValue<T>(fn: () => Promise<T>): Promise<{ value: T; sent: string[] }> {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  const sent: string[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === "string" ? first : typeof first?.text === "string" ? first.text : undefined;
    if (text !== undefined) sent.push(text);
    return original.apply(this, args);
  };
  try {
    return { value: await fn(), sent };
  } finally {
    proto.query = original;
  }
}
