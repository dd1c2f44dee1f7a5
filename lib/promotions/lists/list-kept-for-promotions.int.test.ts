import { beforeAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, drainAll, phoneOf } from "@/test/messages";
import { chatappLaunch, launchOnList, uploadList } from "@/test/promotion-uploads";
import { finalStatus, runUntil } from "@/test/promotions";
import { deleteTargetList } from "../dashboard/delete-target-list";
import { RETIRED_NAME_PREFIX } from "./drop-list";
import { removeAbandonedUploads } from "./remove-abandoned-uploads";

// A list's recipients carry no copy of its values (promotion_recipients.vars is NULL): the
// engine reads the list row at send time. So a list a promotion refers to must outlive its
// replacement (a new upload under its name) and its deletion, hidden, until no promotion refers
// to it.

const OLD = "Phone,Name,Order\n919810000001,Asha,A-1\n919810000011,Ravi,A-2\n";
const NEW = "Phone,Name,Order\n919810000001,Asha,B-1\n919810000011,Ravi,B-2\n";

const listsOf = (businessId: string) =>
  rawQuery<{ id: string; name: string; rows: number }>(
    db(),
    `SELECT l.id, l.name, (SELECT count(*)::int FROM target_list_rows r WHERE r.list_id = l.id) AS rows
     FROM target_lists l WHERE l.business_id = $1 ORDER BY l.created_at`,
    [businessId],
  );

const sentContents = async (promotionId: string) =>
  (
    await rawQuery<{ content: string }>(
      db(),
      `SELECT content::text AS content FROM messages WHERE transaction_id = $1 ORDER BY recipient`,
      [promotionId],
    )
  ).map((m) => m.content);

describe("a list kept while promotions refer to it", () => {
  let t: TestBusiness;
  let tpl: string;
  beforeAll(async () => {
    t = await createTestBusiness();
    tpl = (await approvedTemplate(t.business.id)).name;
  });

  it("replaced by a new upload mid-promotion: the promotion sends the old values; the old list is hidden, then removed once no promotion refers to it", async () => {
    expect((await uploadList(t, "orders", OLD)).status).toBe(200);
    const launched = await launchOnList(t, "orders", chatappLaunch(tpl, phoneOf(t)));
    expect(launched.status).toBe(200);
    const id = launched.json.promotionId as string;
    expect((await uploadList(t, "orders", NEW)).status).toBe(200);

    const lists = await listsOf(t.business.id);
    expect(lists.map((l) => [l.name.startsWith(RETIRED_NAME_PREFIX) ? "retired" : l.name, l.rows])).toEqual([
      ["retired", 2],
      ["orders", 2],
    ]);

    await runUntil(finalStatus(id));
    await drainAll();
    const contents = await sentContents(id);
    expect(contents).toHaveLength(2);
    expect(contents[0]).toContain("A-1");
    expect(contents[1]).toContain("A-2");
    expect(contents.join()).not.toContain("B-");

    // Still referred to: housekeeping keeps it; once the promotion is gone, it goes.
    await removeAbandonedUploads(systemCtx("test"));
    expect(await listsOf(t.business.id)).toHaveLength(2);
    await rawQuery(db(), "DELETE FROM promotions WHERE id = $1", [id]);
    await removeAbandonedUploads(systemCtx("test"));
    const left = await listsOf(t.business.id);
    expect(left.map((l) => [l.name, l.rows])).toEqual([["orders", 2]]);
    expect(
      await rawQuery(db(), "SELECT 1 FROM target_list_rows WHERE list_id = $1", [lists[0]!.id]),
    ).toHaveLength(0);
  });

  it("deleted from the dashboard: hidden but kept while a promotion refers to it; deleted outright otherwise", async () => {
    expect((await uploadList(t, "used", OLD)).status).toBe(200);
    expect((await uploadList(t, "unused", OLD)).status).toBe(200);
    const launched = await launchOnList(t, "used", chatappLaunch(tpl, phoneOf(t)));
    expect(launched.status).toBe(200);
    const byName = async (name: string) => (await listsOf(t.business.id)).find((l) => l.name === name)!;
    const used = await byName("used");
    const unused = await byName("unused");

    expect(await deleteTargetList(systemCtx("test"), t.business.id, used.id)).toEqual({ name: "used" });
    expect(await deleteTargetList(systemCtx("test"), t.business.id, unused.id)).toEqual({ name: "unused" });
    const lists = await listsOf(t.business.id);
    expect(lists.find((l) => l.id === used.id)).toMatchObject({
      name: `${RETIRED_NAME_PREFIX}${used.id}`,
      rows: 2,
    });
    expect(lists.find((l) => l.id === unused.id)).toBeUndefined();
    // A retired list is not the business's to see or delete again.
    await expect(deleteTargetList(systemCtx("test"), t.business.id, used.id)).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await launchOnList(t, "used", chatappLaunch(tpl, phoneOf(t)))).status).toBe(400);

    const id = launched.json.promotionId as string;
    await runUntil(finalStatus(id));
    await drainAll();
    const contents = await sentContents(id);
    expect(contents).toHaveLength(2);
    expect(contents[0]).toContain("A-1");
  });
});
