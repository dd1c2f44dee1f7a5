import { describe, expect, it } from "vitest";
import { createEndpoint } from "@/lib/callbacks/create-endpoint";
import { createEndpointInput } from "@/lib/callbacks/schemas";
import { systemCtx } from "@/lib/context";
import { createTestBusiness } from "@/test/factories";
import { runAction } from "./action-result";

describe("runAction and text PostgreSQL cannot store", () => {
  it("refuses U+0000 by field, as a form error, before the action runs", async () => {
    const t = await createTestBusiness();
    const raw = { url: "http://127.0.0.1:9/x", description: "ops\u0000" };
    let ran = false;
    const res = await runAction(async () => {
      ran = true;
      return createEndpoint(systemCtx("test"), t.business.id, createEndpointInput.parse(raw));
    }, raw);
    expect(ran).toBe(false);
    expect(res).toEqual({
      ok: false,
      message: expect.stringContaining("description: Text contains the NUL character (U+0000)"),
      fieldErrors: [{ path: "description", message: expect.stringContaining("U+0000") }],
    });
  });

  it("checks every argument (an id beside the form)", async () => {
    const res = await runAction(async () => "ran", "id\u0000", { name: "ok" });
    expect(res).toMatchObject({ ok: false, fieldErrors: [{ path: "" }] });
    expect(await runAction(async () => "ran", "id", { name: "ok \ud83d\ude00" })).toEqual({
      ok: true,
      data: "ran",
    });
  });
});
