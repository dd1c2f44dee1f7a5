import { randomBytes } from "node:crypto";

/** Random bytes in a code: 120 bits, 20 base64url characters (no padding). */
const CODE_BYTES = 15;

/** What a code looks like; anything else is answered 404 without a lookup. */
export const LINK_CODE = /^[A-Za-z0-9_-]{20}$/;

/**
 * A new tracked link's code: 120 bits from the system's CSPRNG, base64url. Unguessable (a
 * scanner trying a billion codes a second finds one of a million links in ~40 million years)
 * and short enough for a message (`/l/` + 20 characters).
 */
export const newLinkCode = (): string => randomBytes(CODE_BYTES).toString("base64url");

export const isLinkCode = (code: string): boolean => LINK_CODE.test(code);
