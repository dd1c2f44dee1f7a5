import { describe, expect, it } from "vitest";
import { BlockedUrlError, isBlockedAddress, resolveCallbackTarget } from "./ssrf-guard";

describe("SSRF guard", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "0.0.0.0",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254", // cloud metadata
    "100.64.0.1", // CGNAT
    "100.100.100.200", // Alibaba metadata
    "192.0.0.192", // Oracle metadata
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254", // AWS IPv6 metadata
    "::ffff:127.0.0.1", // IPv4-mapped
    "::ffff:7f00:1", // IPv4-mapped, hex form
    "::ffff:0:7f00:1", // IPv4-translated (::ffff:0:0:0/96) of 127.0.0.1
    "::ffff:0:a9fe:a9fe", // IPv4-translated of 169.254.169.254
    "::ffff:0:808:808", // IPv4-translated: refused whatever the address (never a public target)
    "0:0:0:0:ffff:0:10.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "64:ff9b::a9fe:a9fe", // NAT64 of 169.254.169.254
    "2002:c0a8:0101::1", // 6to4 of 192.168.1.1
    "ff02::1",
  ])("refuses %s", (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "203.0.114.1", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "allows the public address %s",
    (ip) => {
      expect(isBlockedAddress(ip)).toBe(false);
    },
  );

  it.each([
    "http://127.0.0.1:8080/hook",
    "http://[::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[::ffff:0:7f00:1]/",
    "http://[::ffff:0:127.0.0.1]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://2130706433/", // 127.0.0.1 as one number, normalised by the URL parser
    "http://0x7f.1/",
    "http://localhost:3000/",
    "https://10.0.0.5/",
  ])("refuses %s when private targets are not allowed", async (url) => {
    // Refused for what the address is, never because a name failed to resolve.
    await expect(resolveCallbackTarget(url, { allowPrivate: false })).rejects.toThrow(
      /a private or reserved address; callbacks may only target public addresses/,
    );
  });

  it("accepts loopback when ALLOW_PRIVATE_CALLBACK_URLS is on (the test default)", async () => {
    const t = await resolveCallbackTarget("http://127.0.0.1:9/hook");
    expect(t.address).toBe("127.0.0.1");
    expect(t.family).toBe(4);
  });

  it("accepts a public literal and keeps the checked address", async () => {
    const t = await resolveCallbackTarget("https://[2606:4700:4700::1111]/x", { allowPrivate: false });
    expect(t).toMatchObject({ address: "2606:4700:4700::1111", family: 6 });
  });

  it.each([
    ["ftp://example.com/", /Only http and https URLs are allowed/],
    ["file:///etc/passwd", /Only http and https URLs are allowed/],
    ["gopher://x/", /Only http and https URLs are allowed/],
    ["not a url", /Not a valid URL/],
    [`https://a.example/${"x".repeat(2100)}`, /URL is too long/],
  ])("refuses %s with the reason, before any lookup", async (url, reason) => {
    await expect(resolveCallbackTarget(url, { allowPrivate: true })).rejects.toThrow(reason);
    await expect(resolveCallbackTarget(url, { allowPrivate: true })).rejects.toBeInstanceOf(BlockedUrlError);
  });
});
