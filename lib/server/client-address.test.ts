import type http from "node:http";
import { describe, expect, it } from "vitest";
import { requestClientAddress } from "./client-address";

const req = (remote: string | undefined, xff?: string) =>
  ({
    headers: xff === undefined ? {} : { "x-forwarded-for": xff },
    socket: { remoteAddress: remote },
  }) as unknown as http.IncomingMessage;

describe("requestClientAddress", () => {
  it("uses the socket's peer and ignores X-Forwarded-For unless the proxy is trusted", () => {
    expect(requestClientAddress(req("::ffff:203.0.113.7", "1.2.3.4"), false)).toBe("203.0.113.7");
    expect(requestClientAddress(req("2001:db8::1"), false)).toBe("2001:db8::1");
  });

  it("behind a trusted proxy takes the entry the proxy appended, not the client's", () => {
    expect(requestClientAddress(req("10.0.0.2", "6.6.6.6, 198.51.100.9"), true)).toBe("198.51.100.9");
    expect(requestClientAddress(req("10.0.0.2"), true)).toBe("10.0.0.2");
  });
});
