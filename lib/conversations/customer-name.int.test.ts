import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { conversationOf, customerWrites, userCtx } from "@/test/conversations";
import { createTestBusiness } from "@/test/factories";
import { getConversation } from "./get-conversation";
import { listConversations } from "./list-conversations";

// The customer's name from the business's profile or the campaign list
// reaches the inbox, and search finds it by name and by the number however it is written.

const phone = () => `9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

describe("the customer's name in the inbox", () => {
  it("shows the profile's name, else the campaign list's, and finds both by name and any written number", async () => {
    const t = await createTestBusiness();
    const other = await createTestBusiness();
    const ravi = phone();
    const meera = phone();
    await rawQuery(
      db(),
      `INSERT INTO profiles (id, business_id, phone, country_code, name) VALUES (gen_random_uuid(), $1, $2, 'IN', 'Ravi Kumar')`,
      [t.business.id, ravi],
    );
    // Another business's profile of the same number names nothing here.
    await rawQuery(
      db(),
      `INSERT INTO profiles (id, business_id, phone, country_code, name) VALUES (gen_random_uuid(), $1, $2, 'IN', 'Stranger')`,
      [other.business.id, meera],
    );
    // A campaign reached Meera from a list whose `name` column named her.
    await rawQuery(
      db(),
      `INSERT INTO promotion_recipients (promotion_id, seq, business_id, phone, name, state, message_id)
       VALUES (gen_random_uuid(), 1, $1, $2, 'Meera', 'sent', gen_random_uuid())`,
      [t.business.id, meera],
    );
    await customerWrites(t, ravi, "Where is my order?");
    await customerWrites(t, meera, "Hi");
    const admin = userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
    const names = async (q?: string) =>
      (await listConversations(admin, t.business.id, { q })).conversations.map((c) => c.customerName);

    expect((await names()).sort()).toEqual(["Meera", "Ravi Kumar"]);
    const conv = await conversationOf(t.business.id, ravi);
    expect((await getConversation(admin, t.business.id, conv.id)).conversation.customerName).toBe(
      "Ravi Kumar",
    );

    expect(await names("Ravi")).toEqual(["Ravi Kumar"]);
    expect(await names("meera")).toEqual(["Meera"]);
    const national = `${ravi.slice(2, 7)} ${ravi.slice(7)}`; // "98xxx xxxxx"
    for (const q of [national, `+91 ${ravi.slice(2, 7)}-${ravi.slice(7)}`, `0${ravi.slice(2)}`, ravi])
      expect(await names(q), q).toEqual(["Ravi Kumar"]);
    expect(await names("Stranger")).toEqual([]);
    expect(await names("Priya")).toEqual([]);
  });
});
