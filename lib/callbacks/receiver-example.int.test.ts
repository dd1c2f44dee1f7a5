import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { systemCtx } from "../context";
import { createEndpoint } from "./create-endpoint";
import { replayDelivery } from "./replay-delivery";
import { sendTestEvent } from "./send-test-event";
import { signedHeaders } from "./sign";
import { rotateSecret } from "./rotate-secret";
import { updateEndpoint } from "./update-endpoint";
import { createTestBusiness } from "@/test/factories";

/** Starts examples/callback-receiver.mjs with `secret` and waits for its URL. */
async function startExample(secret: string): Promise<{ url: string; out: () => string; proc: ChildProcess }> {
  const proc = spawn(process.execPath, ["examples/callback-receiver.mjs"], {
    env: { ...process.env, WEBHOOK_SECRET: secret, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  proc.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  const deadline = Date.now() + 10_000;
  while (!/listening on (\S+)/.test(out)) {
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`example did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: /listening on (\S+)/.exec(out)![1]!, out: () => out, proc };
}

describe("examples/callback-receiver.mjs", () => {
  const procs: ChildProcess[] = [];
  afterAll(() => procs.forEach((p) => p.kill()));

  it("verifies real deliveries, refuses a forged one, and skips a replayed duplicate", async () => {
    const t = await createTestBusiness();
    const ctx = systemCtx("test");
    // The endpoint exists first (the secret comes from it), then the receiver starts with it.
    const { endpoint, secret } = await createEndpoint(ctx, t.business.id, { url: "http://127.0.0.1:9/" });
    const rx = await startExample(secret);
    procs.push(rx.proc);
    await updateEndpoint(ctx, t.business.id, endpoint.id, { url: rx.url });

    const d = await sendTestEvent(ctx, t.business.id, endpoint.id);
    expect(d).toMatchObject({ status: "delivered", lastResponseCode: 200 });
    expect(rx.out()).toContain(`verified ${d.id} test`);

    const again = await replayDelivery(ctx, t.business.id, d.id);
    expect(again.attemptLog.at(-1)).toMatchObject({ responseStatus: 200, responseBody: "duplicate" });

    // Signed with another secret: the example answers 401 and the attempt records it.
    const forgedBody = JSON.stringify({ type: "test" });
    const forged = signedHeaders(
      "whsec_" + Buffer.alloc(24, 1).toString("base64"),
      "forged-1",
      Math.floor(Date.now() / 1000),
      forgedBody,
    );
    const res = await fetch(rx.url, {
      method: "POST",
      headers: { ...forged, "content-type": "application/json" },
      body: forgedBody,
    });
    expect(res.status).toBe(401);
    // A tampered body with a genuine signature fails too.
    const genuine = signedHeaders(secret, "tamper-1", Math.floor(Date.now() / 1000), forgedBody);
    const tampered = await fetch(rx.url, {
      method: "POST",
      headers: genuine,
      body: forgedBody.replace("test", "tset"),
    });
    expect(tampered.status).toBe(401);

    // After a rotation (24 h grace by default) the receiver still holding the old secret keeps
    // verifying: each request carries a signature with the new and one with the old secret.
    const rotated = await rotateSecret(ctx, t.business.id, endpoint.id);
    const duringGrace = await sendTestEvent(ctx, t.business.id, endpoint.id);
    expect(duringGrace).toMatchObject({ status: "delivered", lastResponseCode: 200 });
    expect(rx.out()).toContain(`verified ${duringGrace.id} test`);

    // A receiver already switched to the new secret verifies the same requests.
    const switched = await startExample(rotated.secret);
    procs.push(switched.proc);
    await updateEndpoint(ctx, t.business.id, endpoint.id, { url: switched.url });
    const onNew = await sendTestEvent(ctx, t.business.id, endpoint.id);
    expect(onNew).toMatchObject({ status: "delivered", lastResponseCode: 200 });

    // Rotating with no grace ("now"): the old secret's receiver refuses, as it should.
    await updateEndpoint(ctx, t.business.id, endpoint.id, { url: rx.url });
    await rotateSecret(ctx, t.business.id, endpoint.id, { graceSeconds: 0 });
    const afterRotate = await sendTestEvent(ctx, t.business.id, endpoint.id);
    expect(afterRotate).toMatchObject({ status: "pending", lastResponseCode: 401 });
  });

  it("holds several secrets (WEBHOOK_SECRET=new,old) and accepts a signature made with any of them", async () => {
    const oldSecret = "whsec_" + Buffer.alloc(24, 2).toString("base64");
    const newSecret = "whsec_" + Buffer.alloc(24, 3).toString("base64");
    const rx = await startExample(`${newSecret},${oldSecret}`);
    procs.push(rx.proc);
    const body = JSON.stringify({ type: "test" });
    const post = (secrets: string[], id: string) =>
      fetch(rx.url, {
        method: "POST",
        headers: signedHeaders(secrets, id, Math.floor(Date.now() / 1000), body),
        body,
      });
    expect((await post([oldSecret], "multi-1")).status).toBe(200);
    expect((await post([newSecret], "multi-2")).status).toBe(200);
    expect((await post(["whsec_" + Buffer.alloc(24, 4).toString("base64")], "multi-3")).status).toBe(401);
    // Two signatures of which only the second is ours (the sender's new secret is unknown here).
    expect(
      (await post(["whsec_" + Buffer.alloc(24, 5).toString("base64"), oldSecret], "multi-4")).status,
    ).toBe(200);
  });
});
