import { describe, expect, it } from "vitest";
import { fillJson, fillUrl, pick } from "./http-call";

describe("http request filling", () => {
  it("URL-encodes variables in the URL and fills the body with JSON strings", () => {
    expect(fillUrl("https://x.test/o/{{order}}?q={{q}}", { order: "a b/c", q: "&" })).toBe(
      "https://x.test/o/a%20b%2Fc?q=%26",
    );
    const vars = { name: 'Asha "A"', order: "4711" };
    expect(JSON.parse(fillJson('{"name": {{name}}, "order": "{{order}}", "none": {{nope}}}', vars))).toEqual({
      name: 'Asha "A"',
      order: "4711",
      none: "",
    });
    expect(() => fillJson("{nope", vars)).toThrow();
  });
  it("picks dotted paths from the answer", () => {
    const json = { order: { status: "shipped", items: [{ id: 7 }] } };
    expect(pick(json, "order.status")).toBe("shipped");
    expect(pick(json, "order.items.0.id")).toBe("7");
    expect(pick(json, "order.items")).toBe('[{"id":7}]');
    expect(pick(json, "order.nope.x")).toBeUndefined();
  });
});
