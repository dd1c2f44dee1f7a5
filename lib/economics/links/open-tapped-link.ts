import { linkBaseUrl } from "./link-base";
import { isLinkCode } from "./link-code";

/**
 * The browser the virtual phone plays: a phone's, so the redirect counts its request as a
 * person's click (agent-class.ts), as it counts the customer's own phone.
 */
export const VIRTUAL_PHONE_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";

/** How long the phone waits for the redirect's answer. */
const OPEN_TIMEOUT_MS = 5_000;

export type OpenedLink =
  /** The redirect answered: its status and, for a 302, where it sends the customer. */
  | { kind: "followed"; status: number; location: string | null }
  /** The redirect did not answer (the host unreachable, or slower than 5 s). */
  | { kind: "unreachable"; reason: string };

/**
 * The virtual phone's tap of a URL button whose URL is one of this host's tracked links
 * (`<link base>/l/<code>`): a real GET of it over HTTP, as the customer's phone makes, with a
 * phone browser's User-Agent and the redirect not followed (its target is the business's site,
 * which a test must not reach). The redirect records the click. Any other URL is not ours to
 * count: null, nothing requested. Never throws (docs/decisions/virtual-phone-tracked-taps.md).
 */
export async function openTappedLink(url: string): Promise<OpenedLink | null> {
  const prefix = `${linkBaseUrl()}/l/`;
  if (!url.startsWith(prefix)) return null;
  const code = url.slice(prefix.length).split(/[?#]/)[0]!;
  if (!isLinkCode(code)) return null;
  try {
    const res = await fetch(url, {
      redirect: "manual",
      headers: { "user-agent": VIRTUAL_PHONE_AGENT, accept: "text/html" },
      signal: AbortSignal.timeout(OPEN_TIMEOUT_MS),
    });
    await res.body?.cancel();
    return { kind: "followed", status: res.status, location: res.headers.get("location") };
  } catch (e) {
    return { kind: "unreachable", reason: e instanceof Error ? e.message : String(e) };
  }
}
