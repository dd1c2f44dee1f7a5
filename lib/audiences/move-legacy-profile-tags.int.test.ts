import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import { createTestBusiness } from "@/test/factories";
import { moveLegacyProfileTags } from "./move-legacy-profile-tags";

const ctx = systemCtx("test");

describe("moveLegacyProfileTags: tags written before they lived on the profile", () => {
  it("moves every (profile, tag) row onto the profile, sorted and merged with its tags, and empties the table", async () => {
    const t = await createTestBusiness();
    const b = t.business.id;
    const [p1, p2, vip, gold, trial] = [uuidv7(), uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    await rawQuery(
      db(),
      `INSERT INTO tags (id, business_id, name, colour) VALUES ($2, $1, 'VIP', 'gray'), ($3, $1, 'Gold', 'gray'), ($4, $1, 'Trial', 'gray')`,
      [b, vip, gold, trial],
    );
    await rawQuery(
      db(),
      `INSERT INTO profiles (id, business_id, phone, country_code, tag_ids) VALUES
         ($2, $1, '919800000001', 'IN', ARRAY[$4]::uuid[]), ($3, $1, '919800000002', 'IN', '{}')`,
      [b, p1, p2, trial],
    );
    await rawQuery(
      db(),
      `INSERT INTO profile_tags (business_id, profile_id, tag_id) VALUES ($1, $2, $4), ($1, $2, $3), ($1, $2, $5), ($1, $6, $3)`,
      [b, p1, vip, gold, trial, p2],
    );
    expect(await moveLegacyProfileTags(ctx)).toBeGreaterThanOrEqual(4);
    const rows = await rawQuery<{ id: string; tag_ids: string[] }>(
      db(),
      `SELECT id, tag_ids FROM profiles WHERE business_id = $1 ORDER BY phone`,
      [b],
    );
    expect(rows).toEqual([
      { id: p1, tag_ids: [vip, gold, trial].sort() },
      { id: p2, tag_ids: [vip] },
    ]);
    const left = await rawQuery(db(), `SELECT 1 FROM profile_tags WHERE business_id = $1`, [b]);
    expect(left).toEqual([]);
    expect(await moveLegacyProfileTags(ctx)).toBe(0);
  });
});
