import { describe, expect, it } from "vitest";
import type { TestField } from "../templates/test-slots";
import { sentValues } from "./sent-values";

const fields: TestField[] = [
  { label: "Header image", example: "abc", target: { part: "header", media: "image" } },
  { label: "Body {{1}}", example: "Asha", target: { part: "body" } },
  { label: "Body {{2}}", example: "A-1", target: { part: "body" } },
  { label: "Button 1 URL {{1}}", example: "x", target: { part: "button", index: 0 } },
];

describe("the values a template was last sent with", () => {
  it("reads header media, body texts in order and URL button suffixes back into their slots", () => {
    expect(
      sentValues(fields, [
        {
          type: "header",
          parameters: [{ type: "image", image: { link: "https://img.example.test/a.png" } }],
        },
        {
          type: "body",
          parameters: [
            { type: "text", text: "Ravi" },
            { type: "text", text: "B-7" },
          ],
        },
        { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "track/B-7" }] },
      ]),
    ).toEqual(["https://img.example.test/a.png", "Ravi", "B-7", "track/B-7"]);
  });

  it("leaves a slot the send did not fill empty (null), for the sample", () => {
    expect(sentValues(fields, [{ type: "body", parameters: [{ type: "text", text: "Ravi" }] }])).toEqual([
      null,
      "Ravi",
      null,
      null,
    ]);
  });
});
