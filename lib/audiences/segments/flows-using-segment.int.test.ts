import { describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";

const as = (t: TestBusiness) => ({ "x-api-key": t.apiKey });
const vipSegment = {
  match: "all",
  groups: [{ match: "all", conditions: [{ kind: "tags", op: "any_of", tags: ["VIP"] }] }],
};
/** A keyword flow whose first step branches on `segmentId` (or on the channel, with none). */
const branching = (segmentId?: string) => ({
  triggers: [{ type: "keyword", words: [`offers-${uniq()}`] }],
  start: "check",
  steps: [
    {
      id: "check",
      type: "branch",
      rules: [
        {
          when: segmentId
            ? { source: "segment", key: segmentId, op: "is_true" }
            : { source: "channel", op: "equals", value: "chatapp" },
          next: "vip",
        },
      ],
      otherwise: "plain",
    },
    { id: "vip", type: "end", text: "VIP offers" },
    { id: "plain", type: "end", text: "Offers" },
  ],
});

async function newSegment(t: TestBusiness, name: string): Promise<string> {
  const tag = await api(`/api/v3/audiences/${t.business.id}/tags`, { headers: as(t), json: { name: "VIP" } });
  expect(tag.status, JSON.stringify(tag.json)).toBe(201);
  const r = await api(`/api/v3/audiences/${t.business.id}/segments`, {
    headers: as(t),
    json: { name, definition: vipSegment },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.id as string;
}
async function newFlow(t: TestBusiness, name: string, definition: unknown): Promise<string> {
  const r = await api(`/api/v3/flows/${t.business.id}`, { headers: as(t), json: { name, definition } });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.id as string;
}
const editFlow = async (t: TestBusiness, id: string, definition: unknown) =>
  expect(
    (
      await api(`/api/v3/flows/${t.business.id}/${id}`, {
        method: "PATCH",
        headers: as(t),
        json: { definition },
      })
    ).status,
  ).toBe(200);
const publish = async (t: TestBusiness, id: string) =>
  expect(
    (await api(`/api/v3/flows/${t.business.id}/${id}/publish`, { method: "POST", headers: as(t) })).status,
  ).toBe(200);
const remove = (t: TestBusiness, id: string) =>
  api(`/api/v3/audiences/${t.business.id}/segments/${id}`, { method: "DELETE", headers: as(t) });

describe("deleting a segment a flow branches on", () => {
  it("is a 409 naming the flows while a draft or the published version uses it, and goes once neither does", async () => {
    const t = await createTestBusiness();
    const segment = await newSegment(t, "VIPs");
    const live = await newFlow(t, "Offers", branching(segment));
    await publish(t, live);
    await newFlow(t, "Another draft", branching(segment));

    const refused = await remove(t, segment);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("conflict");
    expect(refused.json.error.message).toContain(
      "The segment VIPs is used by the 2 flows 'Another draft' and 'Offers'",
    );

    // Out of Offers' draft only: its published version still branches on it.
    await editFlow(t, live, branching());
    const drafts = (await api(`/api/v3/flows/${t.business.id}`, { headers: as(t) })).json as unknown;
    expect(JSON.stringify(drafts)).toContain("Another draft");
    const still = await remove(t, segment);
    expect(still.status).toBe(409);
    expect(still.json.error.message).toContain("'Offers'");

    // Published without it, and the other flow's draft no longer names it: the delete goes.
    await publish(t, live);
    const other = (
      (await api(`/api/v3/flows/${t.business.id}`, { headers: as(t) })).json as {
        flows: { id: string; name: string }[];
      }
    ).flows.find((f) => f.name === "Another draft")!;
    await editFlow(t, other.id, branching());
    expect((await remove(t, segment)).status).toBe(204);
  });

  it("is not held by another business's flows", async () => {
    const [t, other] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    const segment = await newSegment(t, "VIPs");
    // Another business's flow naming this segment's id (its builder would not offer it) holds nothing here.
    await newFlow(other, "Theirs", branching(segment));
    expect((await remove(t, segment)).status).toBe(204);
  });
});
