import { beforeAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { simulateCustomerReply } from "@/lib/inbound/simulate-customer-reply";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

const base = (t: TestBusiness) => `/api/v3/audiences/${t.business.id}`;
const call = (t: TestBusiness, path: string, init: { method?: string; json?: unknown } = {}) =>
  api(`${base(t)}${path}`, { headers: { "x-api-key": t.apiKey }, ...init });
const optOuts = (t: TestBusiness) =>
  api(`/api/v3/optouts/${t.business.id}`, { headers: { "x-api-key": t.apiKey } });
const events = (t: TestBusiness, phone: string) =>
  rawQuery<{
    id: string;
    action: string | null;
    source: string;
    source_ref: string | null;
    wording: string | null;
  }>(
    db(),
    "SELECT id, action, source, source_ref, wording FROM consent_events WHERE business_id = $1 AND phone = $2 ORDER BY occurred_at, id",
    [t.business.id, phone],
  );

describe("consent ledger: /api/v3/audiences/{business_id}/consent", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      createTestBusiness(undefined, { defaultCountry: "IN" }),
      createTestBusiness(),
    ]);
  });

  it("a STOP reply writes an opt_out event (source keyword, the customer's text, the message id)", async () => {
    await simulateCustomerReply(systemCtx("test"), {
      businessId: a.business.id,
      channel: "chatapp",
      phone: "919810000101",
      text: "  Stop ",
    });
    const [e] = await events(a, "919810000101");
    expect(e).toMatchObject({ action: "opt_out", source: "keyword", wording: "Stop" });
    expect(e!.source_ref).toEqual(expect.any(String));
    const got = await call(a, "/consent/919810000101");
    expect(got.status).toBe(200);
    expect(got.json.state.marketing).toMatchObject({ state: "opted_out", eventId: e!.id });
    expect(got.json.state.utility.state).toBe("unknown");
  });

  it("the opt-out API writes opt_out / opt_in events with the key's id, in step with the list", async () => {
    const p = "919810000102";
    const add = await api(`/api/v3/optouts/${a.business.id}`, {
      headers: { "x-api-key": a.apiKey },
      json: { phones: [p] },
    });
    expect(add.status).toBe(200);
    await api(`/api/v3/optouts/${a.business.id}`, {
      method: "DELETE",
      headers: { "x-api-key": a.apiKey },
      json: { phones: [p] },
    });
    const rows = await events(a, p);
    expect(rows.map((r) => [r.action, r.source, r.source_ref])).toEqual([
      ["opt_out", "api", a.keyId],
      ["opt_in", "api", a.keyId],
    ]);
    expect((await call(a, `/consent/${p}`)).json.state.marketing.state).toBe("opted_in");
  });

  it("POST /consent records with wording; a marketing event moves the opt-out list with it; history is newest first", async () => {
    const p = "919810000103";
    const out = await call(a, "/consent", {
      json: { phone: "9810000103", action: "opt_out", wording: "Reply STOP to stop" },
    });
    expect(out.status).toBe(201);
    expect(out.json.state.marketing.state).toBe("opted_out");
    expect((await optOuts(a)).json.optOuts.map((o: { phone: string }) => o.phone)).toContain(p);
    const inn = await call(a, "/consent", {
      json: { phone: p, action: "opt_in", kind: "marketing", channel: "chatapp", wording: "Yes to offers" },
    });
    expect(inn.json.events.map((e: { action: string }) => e.action)).toEqual(["opt_in", "opt_out"]);
    expect(inn.json.events[0]).toMatchObject({ source: "api", sourceRef: a.keyId, wording: "Yes to offers" });
    expect((await optOuts(a)).json.optOuts.map((o: { phone: string }) => o.phone)).not.toContain(p);
    // An opt-in dated before the latest opt-out changes nothing: the list follows the ledger.
    await call(a, "/consent", { json: { phone: p, action: "opt_out" } });
    const old = await call(a, "/consent", {
      json: { phone: p, action: "opt_in", occurredAt: Math.floor(Date.now() / 1000) - 86_400 },
    });
    expect(old.json.state.marketing.state).toBe("opted_out");
    expect((await optOuts(a)).json.optOuts.map((o: { phone: string }) => o.phone)).toContain(p);
    const util = await call(a, "/consent", { json: { phone: p, action: "opt_in", kind: "utility" } });
    expect(util.json.state).toMatchObject({
      utility: { state: "opted_in" },
      marketing: { state: "opted_out" },
    });
  });

  it("exports one number's proof as CSV, oldest first", async () => {
    const p = "919810000104";
    await call(a, "/consent", { json: { phone: p, action: "opt_in", wording: 'Ticked "offers", =1+1' } });
    await call(a, "/consent", { json: { phone: p, action: "opt_out", wording: "STOP" } });
    const res = await call(a, `/consent/${p}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = res.text.trim().split("\r\n");
    expect(lines[0]).toBe("phone,occurred_at_utc,action,kind,channel,source,source_ref,wording,event_id");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(",opt_in,marketing,all,api,");
    expect(lines[1]).toContain(`"Ticked ""offers"", =1+1"`);
    expect(lines[2]).toContain(",opt_out,");
    expect((await call(a, "/consent/919810000999/export")).text.trim().split("\r\n")).toHaveLength(1);
  });

  it("UPDATE and DELETE on consent_events fail from SQL", async () => {
    const p = "919810000105";
    await call(a, "/consent", { json: { phone: p, action: "opt_in" } });
    await expect(
      rawQuery(db(), "UPDATE consent_events SET wording = 'x' WHERE business_id = $1 AND phone = $2", [
        a.business.id,
        p,
      ]),
    ).rejects.toThrow(/append-only: UPDATE/);
    await expect(
      rawQuery(db(), "DELETE FROM consent_events WHERE business_id = $1 AND phone = $2", [a.business.id, p]),
    ).rejects.toThrow(/append-only: DELETE/);
    expect(await events(a, p)).toHaveLength(1);
  });

  it("erasure deletes the number's events and profile and leaves one tombstone; the opt-out stays", async () => {
    const p = "919810000106";
    await api("/api/v3/profile/upload", {
      headers: { "x-api-key": a.apiKey },
      json: { profile: [{ phone: p, countrycode: "IN", name: "Asha" }] },
    });
    await call(a, "/consent", { json: { phone: p, action: "opt_in", wording: "yes" } });
    await call(a, "/consent", { json: { phone: p, action: "opt_out", wording: "no" } });
    const erased = await call(a, `/subscribers/${p}/erase`, { method: "POST" });
    expect(erased.status).toBe(200);
    expect(erased.json).toMatchObject({
      phone: p,
      consentEvents: 2,
      profile: true,
      tombstone: { erasedBy: `api_key:${a.keyId}`, erasedAt: expect.any(Number) },
    });
    const left = await events(a, p);
    expect(left).toEqual([
      {
        id: erased.json.tombstone.id,
        action: null,
        source: "erasure",
        source_ref: `api_key:${a.keyId}`,
        wording: null,
      },
    ]);
    expect((await call(a, `/subscribers/${p}`)).status).toBe(404);
    expect((await call(a, `/consent/${p}`)).json.state.marketing.state).toBe("unknown");
    expect((await optOuts(a)).json.optOuts.map((o: { phone: string }) => o.phone)).toContain(p);
    expect((await call(a, `/subscribers/${p}/erase`, { method: "POST" })).status).toBe(404);
  });

  it("tenant isolation: another business's key is 401, and a business sees none of another's events", async () => {
    const p = "919810000107";
    await call(a, "/consent", { json: { phone: p, action: "opt_in", wording: "a's" } });
    const other = await api(`${base(a)}/consent/${p}`, { headers: { "x-api-key": b.apiKey } });
    expect(other.status).toBe(401);
    expect((await call(b, `/consent/${p}`)).json).toMatchObject({
      events: [],
      state: { marketing: { state: "unknown" } },
    });
    expect((await call(b, `/subscribers/${p}/erase`, { method: "POST" })).status).toBe(404);
    expect(await events(a, p)).toHaveLength(1);
  });

  it("400 for bad input", async () => {
    const bad = async (json: unknown) => (await call(a, "/consent", { json })).status;
    expect(await bad({ phone: "919810000108" })).toBe(400);
    expect(await bad({ phone: "919810000108", action: "maybe" })).toBe(400);
    expect(await bad({ phone: "12", action: "opt_in" })).toBe(400);
    expect(await bad({ phone: "919810000108", action: "opt_in", wording: "x".repeat(2001) })).toBe(400);
    expect(await bad({ phone: "919810000108", action: "opt_in", kind: "sales" })).toBe(400);
    expect(await bad({ phone: "919810000108", action: "opt_in", extra: 1 })).toBe(400);
    expect(await bad({ phone: "919810000108", action: "opt_in", occurredAt: 9_999_999_999 })).toBe(400);
    expect((await call(a, "/consent/abc")).status).toBe(400);
    expect((await call(a, "/consent/abc/export")).status).toBe(400);
    expect((await call(a, "/subscribers/abc/erase", { method: "POST" })).status).toBe(400);
  });
});
