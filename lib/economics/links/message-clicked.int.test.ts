import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import type { AgentClass } from "./agent-class";
import type { Click } from "./click-queue";
import { newLinkCode } from "./link-code";
import { writeClicks } from "./write-clicks";

const key = (t: TestBusiness) => ({ "x-api-key": t.apiKey });

async function link(t: TestBusiness, phone: string) {
  const code = newLinkCode();
  await rawQuery(db(), `INSERT INTO tracked_links (code, business_id, phone, url) VALUES ($1, $2, $3, $4)`, [
    code,
    t.business.id,
    phone,
    "https://shop.example/p/7?utm_source=wa",
  ]);
  return code;
}

const click = (t: TestBusiness, code: string, phone: string, agentClass: AgentClass): Click => ({
  id: uuidv7(),
  businessId: t.business.id,
  code,
  promotionId: null,
  phone,
  messageId: null,
  clickedAt: new Date("2026-12-01T10:00:00Z"),
  agentClass,
  userAgent: agentClass === "human" ? "Mozilla/5.0 (Linux; Android 14)" : "WhatsApp/2.24",
});

const deliveries = async (t: TestBusiness) =>
  (
    await api(`/api/v3/callbacks/${t.business.id}/deliveries?event=message.clicked`, { headers: key(t) })
  ).json.deliveries.map((d: { payload: unknown }) => d.payload);

describe("message.clicked callback", () => {
  it("tells an endpoint that opted in of each human click once, never of previews and bots", async () => {
    const t = await createTestBusiness();
    const optedIn = await api(`/api/v3/callbacks/${t.business.id}/endpoints`, {
      headers: key(t),
      json: { url: "http://127.0.0.1:9/clicks", events: ["message.clicked"] },
    });
    expect(optedIn.status).toBe(201);
    const everything = await api(`/api/v3/callbacks/${t.business.id}/endpoints`, {
      headers: key(t),
      json: { url: "http://127.0.0.1:9/all", events: [] },
    });
    expect(everything.status).toBe(201);

    const code = await link(t, "919812300001");
    const human = click(t, code, "919812300001", "human");
    await writeClicks([
      human,
      click(t, code, "919812300001", "preview"),
      click(t, code, "919812300001", "bot"),
    ]);
    // The same batch again (its first write's answer lost): no second callback.
    await writeClicks([human]);

    expect(await deliveries(t)).toEqual([
      {
        clickId: human.id,
        messageId: null,
        promotionId: null,
        subscriberId: "919812300001",
        url: "https://shop.example/p/7?utm_source=wa",
        userAgent: "Mozilla/5.0 (Linux; Android 14)",
        occurredAt: Math.floor(human.clickedAt.getTime() / 1000),
      },
    ]);
    const [counted] = await rawQuery<{ n: number }>(
      db(),
      `SELECT count(*)::int AS n FROM callback_deliveries WHERE business_id = $1 AND event_type = 'message.clicked'`,
      [t.business.id],
    );
    expect(counted?.n).toBe(1); // the endpoint with the empty list (every interface event) is not told
  });

  it("raises nothing for a business without an endpoint, and keeps businesses apart", async () => {
    const [a, b] = [await createTestBusiness(), await createTestBusiness()];
    await api(`/api/v3/callbacks/${b.business.id}/endpoints`, {
      headers: key(b),
      json: { url: "http://127.0.0.1:9/clicks", events: ["message.clicked"] },
    });
    await writeClicks([click(a, await link(a, "919812300002"), "919812300002", "human")]);
    expect(await deliveries(a)).toEqual([]);
    expect(await deliveries(b)).toEqual([]);
  });
});
