import type { RouteConfig } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { storeMedia } from "@/lib/media/store-media";
import { api } from "@/test/api";
import { startReceiver } from "@/test/callback-receiver";
import { conversationOf, customerWrites } from "@/test/conversations";
import { createTestBusiness, createTestUser, type TestBusiness } from "@/test/factories";
import { approvedTemplate, bulkBody, phoneOf } from "@/test/messages";
import { pngBytes } from "@/test/templates";
import { operations } from "./operations";

/**
 * The case the path-level harness (security-harness.int.test.ts) cannot reach: a caller with
 * its own valid key, on its own business's path, naming a record that belongs to another
 * business. Every operation of the registry whose path names a record is tried with the other
 * business's real record ids: the answer is a 4xx (404 where the record is looked up; 400 where
 * the body is checked first), never the record, and the other business's records are unchanged
 * afterwards. An operation added with a new kind of record id fails "knows every record id"
 * until a record of that kind is made below.
 */
const key = (t: TestBusiness) => ({ "x-api-key": t.apiKey });
const BUSINESS_PARAMS = new Set(["business_id", "tenant_id"]);

type Probe = { op: string; method: string; path: string; route: RouteConfig; asUser: boolean };

const probes: Probe[] = operations.flatMap((op) =>
  op.auth === "business" || op.auth === "business-user"
    ? op.routes
        .filter((route) => [...route.path.matchAll(/\{(\w+)\}/g)].some(([, n]) => !BUSINESS_PARAMS.has(n!)))
        .map((route) => ({
          op: `${route.method.toUpperCase()} ${route.path}${op.spec ? ` (${op.spec})` : ""}`,
          method: route.method.toUpperCase(),
          path: route.path,
          route,
          asUser: op.auth === "business-user",
        }))
    : [],
);

/** Phone-keyed reads answer for the caller's own number space: an empty history is not B's record. */
/**
 * Bodies that pass each write's checks, so the answer is about the record and not the body; a
 * write not listed here is sent `{}`.
 */
const validBodies = (
  ids: Record<string, string>,
  a: TestBusiness,
  aUsers: { manager: string; agent: string },
) =>
  ({
    "PATCH /api/v3/callbacks/{business_id}/endpoints/{endpoint_id}": { description: "hijacked" },
    "PATCH /api/v3/flows/{business_id}/{flow_id}": { name: "hijacked" },
    "POST /api/v3/flows/{business_id}/{flow_id}/runs": { subscriberId: ids.phone, channel: "chatapp" },
    "PATCH /api/v3/audiences/{business_id}/tags/{tag_id}": { name: "Hijacked" },
    "PATCH /api/v3/audiences/{business_id}/attributes/{key}": { label: "Hijacked" },
    "PATCH /api/v3/audiences/{business_id}/subscribers/{phone}/attributes": { attributes: { a_key: "x" } },
    "PATCH /api/v3/audiences/{business_id}/subscribers/{phone}/tags": { add: ["BTagSecret"] },
    "PATCH /api/v3/audiences/{business_id}/segments/{segment_id}": { name: "hijacked" },
    "POST /api/v3/provisioning/user-team/team/{teamId}": {
      userId: aUsers.agent,
      supervisorId: aUsers.manager,
    },
    "PATCH /api/v2/promotion/{business_id}/{promotion_id}": { type: "status", status: "Stopped" },
    "POST /api/v3/conversations/{business_id}/{conversation_id}/messages": { type: "text", text: "hijacked" },
    "POST /api/v3/conversations/{business_id}/{conversation_id}/assign": { assigneeId: a.admin.id },
    "POST /api/v3/conversations/{business_id}/{conversation_id}/state": { state: "resolved" },
    "POST /api/v3/conversations/{business_id}/{conversation_id}/notes": { text: "hijacked" },
  }) as Record<string, unknown>;

const EMPTY_FOR_UNKNOWN_PHONE = new Set([
  "GET /api/v3/audiences/{business_id}/consent/{phone}",
  "GET /api/v3/audiences/{business_id}/consent/{phone}/export",
]);

describe("security harness: own key, another business's record id", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  /** B's records by path parameter name, and text of B's that must never appear in A's answers. */
  const ids: Record<string, string> = {};
  const secrets: string[] = [];
  let bodies: Record<string, unknown> = {};

  const inB = (path: string, init: { json?: unknown; method?: string } = {}) =>
    api(`${path.replace("{b}", b.business.id)}`, { headers: key(b), ...init });

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    rx = await startReceiver();
    const phone = "919812300999";

    const endpoint = await inB("/api/v3/callbacks/{b}/endpoints", {
      json: { url: rx.url, description: "B's CRM", events: ["message.status"] },
    });
    expect(endpoint.status).toBe(201);
    ids.endpoint_id = endpoint.json.endpoint.id;
    secrets.push(endpoint.json.secret, "B's CRM");
    const test = await inB(`/api/v3/callbacks/{b}/endpoints/${ids.endpoint_id}/test`, { method: "POST" });
    ids.delivery_id = test.json.id;

    const flow = await inB("/api/v3/flows/{b}", {
      json: {
        name: "B's hours flow",
        definition: {
          triggers: [{ type: "keyword", words: ["hours"] }],
          start: "say",
          steps: [{ id: "say", type: "end", text: "B is open 9 to 6." }],
        },
      },
    });
    expect(flow.status).toBe(201);
    ids.flow_id = flow.json.id;
    secrets.push("B's hours flow", "B is open 9 to 6.");
    await inB(`/api/v3/flows/{b}/${ids.flow_id}/publish`, { method: "POST" });
    await customerWrites(b, phone, "hours?");
    ids.conversation_id = (await conversationOf(b.business.id, phone)).id;
    const runs = await inB(`/api/v3/flows/{b}/${ids.flow_id}/runs`);
    ids.run_id = runs.json.runs[0].id;

    const tag = await inB("/api/v3/audiences/{b}/tags", { json: { name: "BTagSecret" } });
    expect(tag.status).toBe(201);
    ids.tag_id = tag.json.id;
    const attribute = await inB("/api/v3/audiences/{b}/attributes", {
      json: { key: "b_only_key", label: "B's attribute", type: "text" },
    });
    expect(attribute.status).toBe(201);
    ids.key = "b_only_key";
    secrets.push("BTagSecret", "B's attribute");
    const upload = await api("/api/v3/profile/upload", {
      headers: key(b),
      json: { profile: [{ phone, countrycode: "IN", name: "Bea Secretname", tags: ["BTagSecret"] }] },
    });
    expect(upload.status).toBe(200);
    ids.phone = phone;
    secrets.push("Bea Secretname");
    const segment = await inB("/api/v3/audiences/{b}/segments", {
      json: {
        name: "B's segment",
        definition: { groups: [{ conditions: [{ kind: "tags", op: "any_of", tags: ["BTagSecret"] }] }] },
      },
    });
    expect(segment.status).toBe(201);
    ids.segment_id = segment.json.id;
    secrets.push("B's segment");

    ids.userId = b.admin.id;
    const manager = await createTestUser(b.business.id, { role: "MANAGER" });
    const agent = await createTestUser(b.business.id, { role: "AGENT" });
    const teamPath = "/api/v3/provisioning/user-team/team";
    const asB = `apikey=${b.apiKey}&email=${encodeURIComponent(b.admin.email)}`;
    const team = await api(`${teamPath}?${asB}`, {
      json: { teamName: "B's team", supervisorId: manager.id },
    });
    expect(team.status).toBe(200);
    ids.teamId = team.json.teamId;
    await api(`${teamPath}/${ids.teamId}?${asB}`, { json: { userId: agent.id, supervisorId: manager.id } });
    ids.memberId = agent.id;
    secrets.push("B's team");

    const tpl = await approvedTemplate(b.business.id);
    const bulk = await api(`/api/v2/message/${b.business.id}/template?apikey=${b.apiKey}`, {
      json: bulkBody(tpl.name, phoneOf(b), [{ subscriberId: phone, variables: ["A", "B"] }]),
    });
    expect(bulk.status).toBe(200);
    ids.transaction_id = bulk.json.transactionId;
    const launch = await api(`/api/v2/promotion/${b.business.id}/template/launch`, {
      headers: key(b),
      json: {
        name: "B's campaign",
        channelType: "chatapp",
        phoneNumberId: phoneOf(b),
        targetSource: "TAGS",
        tags: ["BTagSecret"],
        template: {
          name: tpl.name,
          language: "en_US",
          components: [
            {
              type: "BODY",
              variables: [
                { type: "text", value: "x" },
                { type: "text", value: "y" },
              ],
            },
          ],
        },
      },
    });
    expect(launch.status).toBe(200);
    ids.promotion_id = launch.json.id ?? launch.json.promotionId;
    secrets.push("B's campaign");
    const media = await storeMedia(systemCtx("test"), {
      businessId: b.business.id,
      bytes: pngBytes(300),
      contentType: "image/png",
    });
    ids.sha256 = media.sha256;
    const aAttribute = await api(`/api/v3/audiences/${a.business.id}/attributes`, {
      headers: key(a),
      json: { key: "a_key", label: "A's attribute", type: "text" },
    });
    expect(aAttribute.status).toBe(201);
    const aUsers = {
      manager: (await createTestUser(a.business.id, { role: "MANAGER" })).id,
      agent: (await createTestUser(a.business.id, { role: "AGENT" })).id,
    };
    bodies = validBodies(ids, a, aUsers);
  });
  afterAll(() => rx.close());

  it("knows every record id the registry's paths name", () => {
    const named = new Set(
      probes.flatMap((p) =>
        [...p.path.matchAll(/\{(\w+)\}/g)].map(([, n]) => n!).filter((n) => !BUSINESS_PARAMS.has(n)),
      ),
    );
    expect([...named].filter((n) => !ids[n])).toEqual([]);
    expect(probes.length).toBeGreaterThanOrEqual(50);
  });

  for (const p of probes) {
    it(`${p.op}: A's key, A's path, B's record: refused, nothing of B shown`, async () => {
      const path = p.path.replace(/\{(\w+)\}/g, (_, n: string) =>
        BUSINESS_PARAMS.has(n) ? a.business.id : ids[n]!,
      );
      const query = new URLSearchParams({ channel: "rcs", ...(p.asUser ? { email: a.admin.email } : {}) });
      const takesJson = Boolean(p.route.request?.body?.content?.["application/json"]);
      const res = await api(`${path}?${query}`, {
        method: p.method,
        headers: key(a),
        json: takesJson ? (bodies[`${p.method} ${p.path}`] ?? {}) : undefined,
      });
      const why = `${res.status} ${res.text.slice(0, 300)}`;
      if (EMPTY_FOR_UNKNOWN_PHONE.has(`${p.method} ${p.path}`)) {
        expect(res.status, why).toBe(200);
        expect(res.text).not.toMatch(/BTagSecret|Bea Secretname|flow|inbound/);
      } else {
        expect(res.status, why).toBe(404);
        expect(res.json?.error?.code).toBe("not_found");
      }
      for (const s of secrets) expect(res.text).not.toContain(s);
    });
  }

  it("left every record of B as it was", async () => {
    expect((await inB(`/api/v3/callbacks/{b}/endpoints/${ids.endpoint_id}`)).status).toBe(200);
    expect((await inB(`/api/v3/flows/{b}/${ids.flow_id}`)).json).toMatchObject({ name: "B's hours flow" });
    expect((await inB(`/api/v3/audiences/{b}/segments/${ids.segment_id}`)).status).toBe(200);
    const tags = await inB("/api/v3/audiences/{b}/tags");
    expect(JSON.stringify(tags.json)).toContain("BTagSecret");
    const attributes = await inB("/api/v3/audiences/{b}/attributes");
    expect(JSON.stringify(attributes.json)).toContain("b_only_key");
    const subscriber = await inB(`/api/v3/audiences/{b}/subscribers/${ids.phone}`);
    expect(subscriber.status).toBe(200);
    expect(JSON.stringify(subscriber.json)).toContain("BTagSecret");
    const status = await api(
      `/api/v1/business/user/${ids.userId}/status?apikey=${b.apiKey}&email=${encodeURIComponent(b.admin.email)}`,
    );
    expect(JSON.stringify(status.json)).not.toMatch(/Disabled/);
  });
});
