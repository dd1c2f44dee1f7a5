import { describe, expect, it } from "vitest";
import { inboxHref, parseInboxQuery } from "./inbox-query";

describe("inbox URL", () => {
  it("keeps what fits and drops what does not", () => {
    const q = parseInboxQuery({
      tab: "unassigned",
      state: "nope",
      q: ["  9198 ", "x"],
      teamId: "not-a-uuid",
      channel: "chatapp",
      c: "0190a0b4-5c4e-7a55-8e2c-3f2a1b0c9d8e",
    });
    expect(q).toEqual({
      tab: "unassigned",
      state: "open",
      q: "9198",
      teamId: undefined,
      channel: "chatapp",
      assigneeId: undefined,
      c: "0190a0b4-5c4e-7a55-8e2c-3f2a1b0c9d8e",
      panel: undefined,
    });
    expect(inboxHref(q, { c: undefined, state: "resolved" })).toBe(
      "/inbox?tab=unassigned&state=resolved&q=9198&channel=chatapp",
    );
  });
});
