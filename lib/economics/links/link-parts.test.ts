import { describe, expect, it } from "vitest";
import { agentClass } from "./agent-class";
import { appendQuery, asHeaderUrl } from "./append-query";
import { isLinkCode, newLinkCode } from "./link-code";

describe("link codes", () => {
  it("are 20 base64url characters (120 random bits) and never repeat", () => {
    const codes = Array.from({ length: 20_000 }, newLinkCode);
    for (const c of codes.slice(0, 100)) expect(c).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every(isLinkCode)).toBe(true);
    expect(isLinkCode("short")).toBe(false);
    expect(isLinkCode("a".repeat(19) + "/")).toBe(false);
  });
});

describe("appendQuery", () => {
  it("appends the request's query as it came, before a fragment", () => {
    expect(appendQuery("https://shop.example/p", "")).toBe("https://shop.example/p");
    expect(appendQuery("https://shop.example/p", "utm_source=wa&x=%20y")).toBe(
      "https://shop.example/p?utm_source=wa&x=%20y",
    );
    expect(appendQuery("https://shop.example/p?a=1#top", "b=2")).toBe("https://shop.example/p?a=1&b=2#top");
    expect(appendQuery("https://shop.example/p?", "b=2")).toBe("https://shop.example/p?b=2");
    expect(appendQuery("https://shop.example/p?a=1&", "b=2")).toBe("https://shop.example/p?a=1&b=2");
  });

  it("percent-encodes what a Location header cannot carry, and nothing else", () => {
    expect(asHeaderUrl("https://shop.example/café/डील?q=a b&r=%20")).toBe(
      "https://shop.example/caf%C3%A9/%E0%A4%A1%E0%A5%80%E0%A4%B2?q=a%20b&r=%20",
    );
    expect(asHeaderUrl("https://shop.example/p?a=1#top")).toBe("https://shop.example/p?a=1#top");
  });
});

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";

describe("agentClass", () => {
  it("counts browsers as human", () => {
    expect(agentClass({ method: "GET", userAgent: IPHONE })).toBe("human");
    expect(agentClass({ method: "GET", userAgent: ANDROID_CHROME })).toBe("human");
  });

  it("recognises link-preview fetchers", () => {
    for (const ua of [
      "WhatsApp/2.23.20.0 A",
      "WhatsApp/2.2342.6 i",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "TelegramBot (like TwitterBot)",
      "Twitterbot/1.0",
      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Google-Read-Aloud",
      "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
      "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5",
    ])
      expect(agentClass({ method: "GET", userAgent: ua }), ua).toBe("preview");
    expect(agentClass({ method: "GET", userAgent: ANDROID_CHROME, purpose: "prefetch" })).toBe("preview");
  });

  it("counts crawlers, scanners, HEAD requests and a missing User-Agent as bots", () => {
    for (const ua of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "curl/8.4.0",
      "python-requests/2.31.0",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Barracuda Sentinel",
      "Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17029; Pro)",
    ])
      expect(agentClass({ method: "GET", userAgent: ua }), ua).toBe("bot");
    expect(agentClass({ method: "GET", userAgent: "" })).toBe("bot");
    expect(agentClass({ method: "GET", userAgent: null })).toBe("bot");
    expect(agentClass({ method: "HEAD", userAgent: IPHONE })).toBe("bot");
  });
});
