import { uuidv7 } from "../../ids";
import { agentClass } from "./agent-class";
import { appendQuery, asHeaderUrl } from "./append-query";
import { recordClick } from "./click-recorder";
import { findLink } from "./find-link";
import { isLinkCode } from "./link-code";

export type FollowRequest = {
  code: string;
  /** The request's raw query, without "?" ("" when none). */
  query: string;
  method: string;
  userAgent?: string | null;
  /** `Sec-Purpose` / `Purpose` (a browser's prefetch says so). */
  purpose?: string | null;
};

export type FollowAnswer =
  | { kind: "redirect"; location: string }
  | { kind: "not_found" }
  | { kind: "unavailable"; retryAfterSeconds: number };

const USER_AGENT_MAX = 256;
/** NUL and the other C0 controls, DEL, and UTF-16 surrogates without their pair. */
const UNSTORABLE =
  /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A request to a tracked link: the original URL with the request's query appended, and the
 * request queued as a click (classified human, preview or bot) without waiting for its write.
 * Not a link (wrong shape, unknown code): not_found. A link not in memory while the database
 * does not answer: unavailable, to be answered 503 with Retry-After
 * (docs/decisions/tracked-clicks.md). Never throws.
 */
export async function followLink(req: FollowRequest): Promise<FollowAnswer> {
  if (!isLinkCode(req.code)) return { kind: "not_found" };
  const found = await findLink(req.code);
  if (found.kind === "missing") return { kind: "not_found" };
  if (found.kind === "unavailable") return { kind: "unavailable", retryAfterSeconds: 5 };
  const { link } = found;
  recordClick({
    id: uuidv7(),
    businessId: link.businessId,
    code: link.code,
    promotionId: link.promotionId,
    phone: link.phone,
    messageId: link.messageId,
    clickedAt: new Date(),
    agentClass: agentClass(req),
    userAgent: storableAgent(req.userAgent),
  });
  return { kind: "redirect", location: asHeaderUrl(appendQuery(link.url, req.query)) };
}

/** The User-Agent as stored: at most 256 characters, without the control characters and lone surrogates PostgreSQL refuses. */
function storableAgent(ua: string | null | undefined): string | null {
  if (!ua) return null;
  return ua.slice(0, USER_AGENT_MAX).replace(UNSTORABLE, "") || null;
}
