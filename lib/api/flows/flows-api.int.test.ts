import { describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { conversationOf, customerWrites } from "@/test/conversations";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

const base = (t: TestBusiness) => `/api/v3/flows/${t.business.id}`;
const key = (t: TestBusiness) => ({ "x-api-key": t.apiKey });
const definition = {
  triggers: [{ type: "keyword", words: ["hours"] }],
  start: "say",
  steps: [{ id: "say", type: "end", text: "We are open 9 to 6." }],
};

describe("flows API (/api/v3/flows/{business_id})", () => {
  it("creates, publishes, reads and lists a flow, and lists its runs", async () => {
    const t = await createTestBusiness();
    const created = await api(base(t), { headers: key(t), json: { name: "Opening hours", definition } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Opening hours", enabled: true, publishedVersion: null });
    const id = created.json.id as string;
    const published = await api(`${base(t)}/${id}/publish`, { method: "POST", headers: key(t) });
    expect([published.status, published.json.publishedVersion]).toEqual([200, 1]);
    expect((await api(`${base(t)}/${id}`, { headers: key(t) })).json.draft).toMatchObject(definition);
    expect((await api(base(t), { headers: key(t) })).json.flows.map((f: { id: string }) => f.id)).toEqual([
      id,
    ]);

    const endpoint = await api(`/api/v3/callbacks/${t.business.id}/endpoints`, {
      headers: key(t),
      json: { url: "http://127.0.0.1:9/flows", events: ["flow.completed"] },
    });
    expect(endpoint.status).toBe(201);
    await customerWrites(t, "919812300777", "Hours?");
    const conv = await conversationOf(t.business.id, "919812300777");
    const runs = await api(`${base(t)}/${id}/runs`, { headers: key(t) });
    expect(runs.json.runs).toEqual([
      expect.objectContaining({
        conversationId: conv.id,
        version: 1,
        state: "completed",
        endReason: "end step",
      }),
    ]);

    const one = await api(`${base(t)}/${id}/runs/${runs.json.runs[0].id}`, { headers: key(t) });
    expect(one.status).toBe(200);
    expect(one.json.steps.length).toBeGreaterThan(0);
    const stopped = await api(`${base(t)}/${id}/runs/${runs.json.runs[0].id}/stop`, {
      method: "POST",
      headers: key(t),
    });
    expect(stopped.json).toMatchObject({ state: "completed" }); // an ended run stays as it ended
    const other = await api(`${base(t)}/${id}/runs/0193b6f2-8c1a-7cde-9f00-1234567890ab`, {
      headers: key(t),
    });
    expect(other.status).toBe(404);

    const deliveries = await api(`/api/v3/callbacks/${t.business.id}/deliveries?event=flow.completed`, {
      headers: key(t),
    });
    expect(deliveries.json.deliveries.map((d: { payload: unknown }) => d.payload)).toEqual([
      expect.objectContaining({
        runId: runs.json.runs[0].id,
        flowId: id,
        version: 1,
        conversationId: conv.id,
        subscriberId: "919812300777",
        state: "completed",
        endReason: "end step",
        variables: {},
      }),
    ]);

    const renamed = await api(`${base(t)}/${id}`, {
      method: "PATCH",
      headers: key(t),
      json: { enabled: false },
    });
    expect([renamed.status, renamed.json.enabled]).toEqual([200, false]);
  });

  it("answers 400 with the path of the mistake, 409 for a taken name, 401 and 404 across businesses", async () => {
    const t = await createTestBusiness();
    const bad = await api(base(t), {
      headers: key(t),
      json: { name: "x", definition: { ...definition, start: "nope" } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details).toContainEqual({ path: "definition.start", message: "No step nope" });
    const unknownStep = await api(base(t), {
      headers: key(t),
      json: { name: "x", definition: { ...definition, steps: [{ id: "say", type: "teleport" }] } },
    });
    expect(unknownStep.status).toBe(400);
    expect(unknownStep.json.error.details[0].path).toMatch(/^definition\.steps\.0/);
    expect((await api(base(t), { headers: key(t), json: { name: "dup", definition } })).status).toBe(201);
    const dup = await api(base(t), { headers: key(t), json: { name: "dup", definition } });
    expect([dup.status, dup.json.error.code]).toEqual([409, "conflict"]);

    const other = await createTestBusiness();
    const id = (await api(base(t), { headers: key(t), json: { name: "mine", definition } })).json.id;
    expect((await api(`${base(t)}/${id}`, { headers: key(other) })).status).toBe(401);
    expect((await api(`${base(other)}/${id}`, { headers: key(other) })).status).toBe(404);
    expect((await api(`${base(other)}/${id}/publish`, { method: "POST", headers: key(other) })).status).toBe(
      404,
    );
  });

  it("lists versions, duplicates and deletes a flow; another business's flow is 404", async () => {
    const t = await createTestBusiness();
    const id = (await api(base(t), { headers: key(t), json: { name: "Versioned", definition } })).json.id;
    await api(`${base(t)}/${id}/publish`, { method: "POST", headers: key(t) });
    await api(`${base(t)}/${id}/publish`, { method: "POST", headers: key(t) });
    const versions = await api(`${base(t)}/${id}/versions`, { headers: key(t) });
    expect(versions.status).toBe(200);
    expect(versions.json.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions.json.versions[0].publishedBy).toBe(`api_key:${t.keyId}`);

    const copy = await api(`${base(t)}/${id}/duplicate`, { method: "POST", headers: key(t) });
    expect([copy.status, copy.json.name, copy.json.publishedVersion]).toEqual([
      201,
      "Versioned (copy)",
      null,
    ]);

    const other = await createTestBusiness();
    expect((await api(`${base(other)}/${id}`, { method: "DELETE", headers: key(other) })).status).toBe(404);
    expect((await api(`${base(other)}/${id}/versions`, { headers: key(other) })).status).toBe(404);
    expect((await api(`${base(t)}/${id}`, { method: "DELETE", headers: key(t) })).status).toBe(204);
    expect((await api(`${base(t)}/${id}`, { headers: key(t) })).status).toBe(404);
    expect((await api(`${base(t)}/${copy.json.id}`, { headers: key(t) })).status).toBe(200);
  });
});
