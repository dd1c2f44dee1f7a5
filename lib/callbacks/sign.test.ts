import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateSigningSecret } from "./secret-box";
import { sign, signedHeaders, verify } from "./sign";

describe("Standard Webhooks signing", () => {
  it("matches the published Standard Webhooks test vector", () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    expect(sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });

  it("is what a receiver computes by hand: HMAC-SHA256(base64-decoded secret, id.timestamp.body)", () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const body = JSON.stringify({ messageId: "m1", status: "sent", sentAt: 1700000000 });
    const h = signedHeaders(secret, "0193b6f2-8c1a-7cde-9f00-1234567890ab", 1700000000, body);
    const key = Buffer.from(secret.slice(6), "base64");
    const mac = createHmac("sha256", key)
      .update(`${h["webhook-id"]}.${h["webhook-timestamp"]}.${body}`)
      .digest("base64");
    expect(h["webhook-signature"]).toBe(`v1,${mac}`);
  });

  it("verifies a genuine request and refuses tampering, another secret and stale timestamps", () => {
    const secret = generateSigningSecret();
    const now = 1_700_000_000;
    const body = '{"messageId":"m1","status":"read","readAt":1700000000}';
    const h = signedHeaders(secret, "id-1", now, body);
    const headers = {
      id: h["webhook-id"],
      timestamp: h["webhook-timestamp"],
      signature: h["webhook-signature"],
    };
    expect(verify(secret, headers, body, { now })).toBe(true);
    expect(verify(secret, headers, body.replace("read", "sent"), { now })).toBe(false);
    expect(verify(secret, { ...headers, id: "id-2" }, body, { now })).toBe(false);
    expect(verify(generateSigningSecret(), headers, body, { now })).toBe(false);
    expect(verify(secret, headers, body, { now: now + 301 })).toBe(false);
    // Several signatures (secret rotation on the sender side): any valid one passes.
    expect(verify(secret, { ...headers, signature: `v1,AAAA ${headers.signature}` }, body, { now })).toBe(
      true,
    );
  });

  it("signs with every secret given, current first: each signature verifies with its own secret", () => {
    const current = generateSigningSecret();
    const previous = generateSigningSecret();
    const now = 1_700_000_000;
    const body = '{"type":"test"}';
    const h = signedHeaders([current, previous], "id-3", now, body);
    const parts = h["webhook-signature"].split(" ");
    expect(parts).toEqual([sign(current, "id-3", now, body), sign(previous, "id-3", now, body)]);
    const headers = (signature: string) => ({ id: "id-3", timestamp: String(now), signature });
    // The whole header verifies with either secret (a receiver not yet switched, or switched).
    expect(verify(current, headers(h["webhook-signature"]), body, { now })).toBe(true);
    expect(verify(previous, headers(h["webhook-signature"]), body, { now })).toBe(true);
    // Each part verifies with its own secret only.
    expect(verify(current, headers(parts[0]!), body, { now })).toBe(true);
    expect(verify(previous, headers(parts[0]!), body, { now })).toBe(false);
    expect(verify(previous, headers(parts[1]!), body, { now })).toBe(true);
    expect(verify(current, headers(parts[1]!), body, { now })).toBe(false);
    expect(verify(generateSigningSecret(), headers(h["webhook-signature"]), body, { now })).toBe(false);
    // One secret, as before: one signature.
    expect(signedHeaders(current, "id-3", now, body)["webhook-signature"]).toBe(parts[0]);
  });
});
