import { isbot } from "isbot";

export type AgentClass = "human" | "preview" | "bot";

/**
 * Link-preview fetchers: what a messenger, a social network or a chat tool sends when a link is
 * shared or received, before (or without) anyone tapping it. WhatsApp's own preview fetcher
 * starts "WhatsApp/"; Apple's iMessage previews come as "facebookexternalhit ... Twitterbot";
 * Google's read-aloud reads a page out to someone who did not open it.
 */
const PREVIEW =
  /^WhatsApp\/|facebookexternalhit|Facebot|meta-externalagent|Slackbot|TelegramBot|Twitterbot|Discordbot|LinkedInBot|SkypeUriPreview|Pinterestbot|redditbot|Embedly|Iframely|Google-Read-Aloud|Google-PageRenderer|vkShare|Mastodon|Bluesky|KakaoTalk-Scrap|MicrosoftPreview|BingPreview/i;

/**
 * Mail and link scanners that open every link of a message to check it (Microsoft Safe Links,
 * Proofpoint, Mimecast, Barracuda, ...), some with browser-like agents isbot does not know.
 */
const SCANNER =
  /Barracuda|Proofpoint|Mimecast|Symantec|Forcepoint|Cisco|IronPort|FireEye|Trend ?Micro|Sophos|Fortinet|Zscaler|Bitdefender|Kaspersky|SafeLinks|Safe ?Browsing|urlscan|VirusTotal|Palo ?Alto|Check ?Point|Cloudflare-?Radar|MSOffice|Microsoft Office|ms-office|Outlook-iOS-Android\/\S+ Preview/i;

/**
 * How a request to a tracked link is counted: `preview` for a link-preview fetcher, `bot` for
 * a scanner, a crawler (isbot's maintained list), a HEAD request, a prefetch or no User-Agent
 * at all (every browser sends one), else `human`. Only `human` requests are clicks.
 */
export function agentClass(req: {
  method: string;
  userAgent?: string | null;
  purpose?: string | null;
}): AgentClass {
  const ua = (req.userAgent ?? "").trim();
  if (PREVIEW.test(ua)) return "preview";
  if (/prefetch|preview/i.test(req.purpose ?? "")) return "preview";
  if (ua === "" || req.method.toUpperCase() !== "GET") return "bot";
  return agentOf(ua);
}

/** User agents already classified: a campaign's clicks come from a few hundred distinct ones. */
const known = new Map<string, "human" | "bot">();
const KNOWN_MAX = 2_000;
/** Longer agents are classified each time (the map stays under about 1 MiB). */
const KNOWN_LENGTH_MAX = 512;

/** A browser-like agent as a scanner, a crawler or a person; isbot's expression once per string. */
function agentOf(ua: string): "human" | "bot" {
  const hit = known.get(ua);
  if (hit) return hit;
  const found = SCANNER.test(ua) || isbot(ua) ? "bot" : "human";
  if (ua.length > KNOWN_LENGTH_MAX) return found;
  if (known.size >= KNOWN_MAX) known.clear();
  known.set(ua, found);
  return found;
}
