import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { chatappLaunch, launchOnList, launchWithFile, uploadList } from "@/test/promotion-uploads";
import { finalStatus, numbers, recipientStates, runUntil } from "@/test/promotions";

const pad = (i: number, n: number) => String(i).padStart(n, "0");
/** Numbers of four calling codes (India 91, the US 1, the UK 44, Brazil 55), `n` of each as given. */
const countries = { "91": 600, "1": 300, "44": 200, "55": 100 } as const;
const phoneOfCountry = (code: keyof typeof countries, i: number) =>
  ({
    "91": `9198${pad(i, 4)}0001`,
    "1": `1415555${pad(i, 4)}`,
    "44": `447911${pad(i, 6)}`,
    "55": `55119123${pad(i, 5)}`,
  })[code];
const MIXED = Object.entries(countries).flatMap(([code, n]) =>
  Array.from({ length: n }, (_, i) => phoneOfCountry(code as keyof typeof countries, i)),
);
const csvOf = (phones: string[]) =>
  `Phone,Name,Order\n${phones.map((p, i) => `${p},Name ${i},O-${i}`).join("\n")}\n`;
/** The campaigns of the draw's tests are never sent: out of the scheduler's way for the sending test. */
const stopAll = (t: TestBusiness) =>
  rawQuery(db(), `UPDATE promotions SET status = 'Cancelled', next_run_at = NULL WHERE business_id = $1`, [
    t.business.id,
  ]);
const codeOf = (phone: string) => (phone.startsWith("1") ? "1" : phone.slice(0, 2));

type Arm = { phone: string; arm: number | null; state: string };
const armsOf = (promotionId: string) =>
  rawQuery<Arm>(
    db(),
    `SELECT phone, arm, state FROM promotion_recipients WHERE promotion_id = $1 ORDER BY seq`,
    [promotionId],
  );

describe("E1 abTest: validation", () => {
  let t: TestBusiness;
  let tpl: string;
  let second: string;
  beforeAll(async () => {
    t = await createTestBusiness();
    tpl = (await approvedTemplate(t.business.id)).name;
    second = (await approvedTemplate(t.business.id)).name;
    expect((await uploadList(t, "ab", csvOf(numbers(5)))).status).toBe(200);
  });
  afterAll(() => stopAll(t));
  const variant = (name: string, template = tpl) => ({
    name,
    template: chatappLaunch(template, "").template,
  });
  const launch = (abTest: unknown) => launchOnList(t, "ab", { ...chatappLaunch(tpl, phoneOf(t)), abTest });
  const refused = async (abTest: unknown, path: string, message?: RegExp) => {
    const res = await launch(abTest);
    expect(res.status).toBe(400);
    const details = (res.json as { error: { details: Array<{ path: string; message: string }> } }).error
      .details;
    expect(details.map((d) => d.path)).toContain(path);
    if (message) expect(details.find((d) => d.path === path)!.message).toMatch(message);
  };

  it("2 to 4 variants, a whole percent of holdout from 0 to 50, names unique: each a 400 naming its path", async () => {
    await refused({ variants: [variant("A")] }, "abTest.variants", /2 to 4/);
    await refused(
      { variants: ["A", "B", "C", "D", "E"].map((n) => variant(n)) },
      "abTest.variants",
      /2 to 4/,
    );
    await refused(
      { variants: [variant("A"), variant("B")], holdoutPercent: 51 },
      "abTest.holdoutPercent",
      /50/,
    );
    await refused({ variants: [variant("A"), variant("B")], holdoutPercent: -1 }, "abTest.holdoutPercent");
    await refused(
      { variants: [variant("A"), variant("B")], holdoutPercent: 2.5 },
      "abTest.holdoutPercent",
      /whole/,
    );
    await refused({ variants: [variant("A"), variant("a")] }, "abTest.variants.1.name", /twice/);
    await refused({ variants: [variant("A"), variant("holdout")] }, "abTest.variants.1.name");
    await refused({ variants: [variant("A"), { name: "B" }] }, "abTest.variants.1.template");
  });

  it("each variant's template approved, of the campaign's channel, its columns in the list", async () => {
    const pending = (await approvedTemplate(t.business.id, { status: "PENDING" })).name;
    await refused({ variants: [variant("A"), variant("B", pending)] }, "abTest.variants.1.template.name");
    const rcs = await approvedTemplate(t.business.id, { channel: "rcs" });
    await refused({ variants: [variant("A"), variant("B", rcs.name)] }, "abTest.variants.1.template.name");
    const unknownColumn = { name: "B", template: chatappLaunch(second, "", ["${name}", "${city}"]).template };
    await refused(
      { variants: [variant("A"), unknownColumn] },
      "abTest.variants.1.template.components.0.variables.1.value",
    );
  });

  it("the vendor's body without abTest is answered as before: no holdout, no arms", async () => {
    const res = await launchOnList(t, "ab", chatappLaunch(tpl, phoneOf(t)));
    expect(res.status).toBe(200);
    expect(res.json).not.toHaveProperty("holdout");
    expect(
      (await armsOf(res.json.promotionId as string)).every((r) => r.arm === null && r.state === "pending"),
    ).toBe(true);
  });

  it("with abTest, `template` may be left out: the first variant's is the campaign's", async () => {
    const { template: _template, ...body } = chatappLaunch(tpl, phoneOf(t));
    const res = await launchOnList(t, "ab", {
      ...body,
      abTest: { variants: [variant("A", second), variant("B")] },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ template: { name: second }, holdout: 0 });
  });
});

describe("E1 abTest: the draw is reproducible and stratified by calling code", () => {
  let t: TestBusiness;
  let tpl: string;
  let other: string;
  let first: string;
  beforeAll(async () => {
    t = await createTestBusiness();
    tpl = (await approvedTemplate(t.business.id)).name;
    other = (await approvedTemplate(t.business.id)).name;
    // Two numbers of the list are opted out: recipients, in no arm.
    await rawQuery(
      db(),
      `INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, $2, 'api'), ($1, $3, 'api')`,
      [t.business.id, MIXED[0], MIXED[700]],
    );
    const res = await launchWithFile(t, "mixed", csvOf(MIXED), abBody(42));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ accepted: MIXED.length, optout: 2 });
    first = res.json.promotionId as string;
  });
  afterAll(() => stopAll(t));
  const abBody = (seed?: number | string, holdoutPercent = 20) => ({
    ...chatappLaunch(tpl, phoneOf(t)),
    abTest: {
      variants: [
        { name: "A", template: chatappLaunch(tpl, "").template },
        { name: "B", template: chatappLaunch(other, "", ["${name}", "20% off"]).template },
      ],
      holdoutPercent,
      ...(seed === undefined ? {} : { seed }),
    },
  });

  it("each arm has its share of every country (within 2 recipients), the holdout never pending", async () => {
    const rows = await armsOf(first);
    const eligible = rows.filter((r) => r.state !== "optout");
    expect(rows.filter((r) => r.state === "optout").every((r) => r.arm === null)).toBe(true);
    expect(eligible.every((r) => r.arm !== null)).toBe(true);
    expect(eligible.filter((r) => r.arm === 0).every((r) => r.state === "holdout")).toBe(true);
    expect(eligible.filter((r) => r.arm !== 0).every((r) => r.state === "pending")).toBe(true);
    const share = [0.2, 0.4, 0.4];
    for (const code of Object.keys(countries)) {
      const inCountry = eligible.filter((r) => codeOf(r.phone) === code);
      for (const arm of [0, 1, 2]) {
        const n = inCountry.filter((r) => r.arm === arm).length;
        expect(
          Math.abs(n - inCountry.length * share[arm]!),
          `${code} arm ${arm}: ${n} of ${inCountry.length}`,
        ).toBeLessThan(2);
      }
    }
    // The launch's answer and the round-0 counters count the holdout.
    const [counters] = await rawQuery<{ holdout: number; optout: number }>(
      db(),
      `SELECT holdout, optout FROM promotion_counters WHERE promotion_id = $1 AND round = 0`,
      [first],
    );
    expect(counters).toEqual({ holdout: eligible.filter((r) => r.arm === 0).length, optout: 2 });
  });

  it("the same seed draws the same arms; another seed, or none (the campaign's id), others", async () => {
    const again = await launchOnList(t, "mixed", abBody(42));
    expect(again.status).toBe(200);
    const before = await armsOf(first);
    expect(await armsOf(again.json.promotionId as string)).toEqual(before);
    const differing = async (body: unknown) => {
      const res = await launchOnList(t, "mixed", body);
      expect(res.status).toBe(200);
      const rows = await armsOf(res.json.promotionId as string);
      return rows.filter((r, i) => r.arm !== before[i]!.arm).length;
    };
    expect(await differing(abBody("another seed"))).toBeGreaterThan(MIXED.length / 3);
    const [x, y] = [await differing(abBody()), await differing(abBody())];
    expect(x).toBeGreaterThan(MIXED.length / 3);
    expect(y).toBeGreaterThan(MIXED.length / 3);
  });

  it("without a holdout every eligible recipient is in a variant, half and half per country", async () => {
    const res = await launchOnList(t, "mixed", abBody(7, 0));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ holdout: 0 });
    const eligible = (await armsOf(res.json.promotionId as string)).filter((r) => r.state !== "optout");
    for (const code of Object.keys(countries)) {
      const inCountry = eligible.filter((r) => codeOf(r.phone) === code);
      const a = inCountry.filter((r) => r.arm === 1).length;
      expect(Math.abs(a - inCountry.length / 2)).toBeLessThanOrEqual(1);
      expect(inCountry.filter((r) => r.arm === 0)).toEqual([]);
    }
  });
});

describe("E1 abTest: sending", () => {
  let t: TestBusiness;
  let a: { id: string; name: string };
  let b: { id: string; name: string };
  let id: string;
  const phones = numbers(40);
  beforeAll(async () => {
    t = await createTestBusiness();
    a = await approvedTemplate(t.business.id);
    b = await approvedTemplate(t.business.id);
    await rawQuery(db(), `INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, $2, 'api')`, [
      t.business.id,
      phones[3],
    ]);
    const res = await launchWithFile(t, "send", `${csvOf(phones)}not-a-number,Bad,O-x\n`, {
      ...chatappLaunch(a.name, phoneOf(t)),
      abTest: {
        variants: [
          { name: "A", template: chatappLaunch(a.name, "").template },
          { name: "B", template: chatappLaunch(b.name, "", ["${name}", "20% off"]).template },
        ],
        holdoutPercent: 25,
        seed: 1,
      },
    });
    expect(res.status).toBe(200);
    id = res.json.promotionId as string;
    await runUntil(finalStatus(id));
  });

  it("the holdout is never sent; each variant's recipients get its template and values", async () => {
    const rows = await rawQuery<{
      arm: number | null;
      state: string;
      message_id: string | null;
      template_id: string | null;
      content: { components: unknown } | null;
      name: string;
    }>(
      db(),
      `SELECT r.arm, r.state, r.message_id, m.template_id, m.content, r.name FROM promotion_recipients r
       LEFT JOIN messages m ON m.id = r.message_id WHERE r.promotion_id = $1 ORDER BY r.seq`,
      [id],
    );
    const holdout = rows.filter((r) => r.arm === 0);
    expect(holdout.length).toBe(10); // 25% of the 39 numbers not opted out, dealt round-robin
    expect(holdout.every((r) => r.state === "holdout" && r.message_id === null)).toBe(true);
    const [sends] = await rawQuery<{ n: number }>(
      db(),
      `SELECT count(*)::int AS n FROM promotion_sends s JOIN promotion_recipients r ON r.promotion_id = s.promotion_id AND r.seq = s.seq
       WHERE s.promotion_id = $1 AND r.arm = 0`,
      [id],
    );
    expect(sends!.n).toBe(0);
    const arm = (n: number) => rows.filter((r) => r.arm === n);
    expect(arm(1).length + arm(2).length).toBe(29);
    expect(arm(1).every((r) => r.template_id === a.id && r.state === "read")).toBe(true);
    expect(arm(2).every((r) => r.template_id === b.id && r.state === "read")).toBe(true);
    expect(JSON.stringify(arm(2)[0]!.content)).toContain("20% off");
    expect(JSON.stringify(arm(1)[0]!.content)).not.toContain("20% off");
    expect(await recipientStates(id)).toEqual({ read: 29, holdout: 10, optout: 1 });
  });

  it("every count agrees: E4 (the spec's seven, holdout beside them), E3, the campaign page", async () => {
    const stats = await api(`/api/v2/promotion/${t.business.id}/${id}/stats`, {
      headers: { "x-api-key": t.apiKey },
    });
    expect(stats.status).toBe(200);
    expect(stats.json).toMatchObject({ attempted: 29, failed: 0, read: 29, optout: 1, holdout: 10 });
    const s = stats.json as Record<string, number>;
    // Recipients = attempted + optout + holdout; attempted = sent + delivered + read + failed.
    expect(s.attempted! + s.optout! + s.holdout!).toBe(40);
    expect(s.sent! + s.delivered! + s.read! + s.failed!).toBe(s.attempted);
    expect(Object.keys((stats.json as { statsReport: object[] }).statsReport[0]!).sort()).toEqual(
      [
        "attempted",
        "delivered",
        "failed",
        "interacted",
        "optout",
        "promotionRetryNumber",
        "read",
        "sent",
      ].sort(),
    );

    const report = await api(`/api/v2/promotion/${t.business.id}/statistics/${id}/report`, {
      headers: { "x-api-key": t.apiKey },
    });
    const lines = report.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Name,Phone,Status,Timestamp,Error,FlowId,FlowName,RetryCount,TemplateName,Language,Clicks",
    );
    expect(lines).toHaveLength(41);
    const status = (l: string) => l.split(",")[2];
    const held = lines.filter((l) => status(l) === "holdout");
    expect(held).toHaveLength(10);
    // Nothing was sent to them: no template; the columns stay where the spec has them.
    expect(held.every((l) => /,0,,,0$/.test(l))).toBe(true);
    expect(lines.filter((l) => l.includes(`,${b.name},en_US,`))).toHaveLength(
      (await rawQuery(db(), `SELECT 1 FROM promotion_recipients WHERE promotion_id = $1 AND arm = 2`, [id]))
        .length,
    );

    const { getCampaignAudience } = await import("@/lib/promotions/dashboard/get-campaign-audience");
    const { systemCtx } = await import("@/lib/context");
    const audience = await getCampaignAudience(systemCtx("test"), t.business.id, id);
    expect(audience).toEqual({ rows: 41, refused: 1, optedOut: 1, holdout: 10, toSend: 29 });
  });
});
