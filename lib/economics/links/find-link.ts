import { db } from "../../db/pool";
import { rawQuery } from "../../db/sql";
import { runtimeSlot } from "../../runtime";
import { lru } from "./lru";

/** What the redirect needs of a tracked link. */
export type LinkTarget = {
  code: string;
  businessId: string;
  promotionId: string | null;
  phone: string;
  messageId: string | null;
  url: string;
};

export type LinkLookup =
  | { kind: "found"; link: LinkTarget }
  | { kind: "missing" }
  /** The database did not answer in time (down, or slow): the link may well exist. */
  | { kind: "unavailable" };

/** Links kept in memory: a link never changes, so a hot one is answered without a query. */
const CACHE_SIZE = 100_000;
/** Unknown codes remembered (for a minute) so a scanner's retries cost no query either. */
const MISSING_SIZE = 10_000;
const MISSING_MS = 60_000;
/** How long a cold lookup may wait for the database before the redirect answers 503. */
export const LOOKUP_TIMEOUT_MS = 1_500;

type Cache = {
  found: ReturnType<typeof lru<LinkTarget>>;
  missing: ReturnType<typeof lru<true>>;
  inFlight: Map<string, Promise<LinkTarget | null>>;
};
declare module "../../runtime" {
  interface Runtime {
    /** Tracked links by code (hot redirects need no query), and codes known not to exist. */
    linkCache: Cache;
  }
}
const cache = (): Cache =>
  runtimeSlot("linkCache", () => ({
    found: lru<LinkTarget>(CACHE_SIZE),
    missing: lru<true>(MISSING_SIZE, MISSING_MS),
    inFlight: new Map(),
  }));

/** Empties the cache (tests: the next lookup of every code goes to the database). */
export const forgetLinks = (): void => {
  const c = cache();
  c.found.clear();
  c.missing.clear();
};

/**
 * The tracked link of `code`, from memory when it was looked up before, else from the database
 * (one query, shared by concurrent requests for the same code). The code is the link's key and
 * names its business: this is the one lookup that does not start from a business id. Never
 * throws: a database that fails or takes longer than `timeoutMs` is `unavailable` (the query's
 * late answer still fills the cache).
 */
export async function findLink(code: string, timeoutMs = LOOKUP_TIMEOUT_MS): Promise<LinkLookup> {
  const c = cache();
  const hit = c.found.get(code);
  if (hit) return { kind: "found", link: hit };
  if (c.missing.get(code)) return { kind: "missing" };
  let query = c.inFlight.get(code);
  if (!query) {
    query = load(code).then((link) => {
      if (link) c.found.set(code, link);
      else c.missing.set(code, true);
      return link;
    });
    c.inFlight.set(code, query);
    const q = query;
    const done = () => void (c.inFlight.get(code) === q && c.inFlight.delete(code));
    q.then(done, done);
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), timeoutMs);
  });
  try {
    const link = await Promise.race([query, late]);
    if (link === "late") {
      // A query that hangs (a connection into a black hole) must not hold this code's later
      // requests: the next one asks again. Its late answer, if any, still fills the cache.
      if (c.inFlight.get(code) === query) c.inFlight.delete(code);
      return { kind: "unavailable" };
    }
    return link ? { kind: "found", link } : { kind: "missing" };
  } catch {
    return { kind: "unavailable" };
  } finally {
    clearTimeout(timer);
  }
}

async function load(code: string): Promise<LinkTarget | null> {
  const [row] = await rawQuery<{
    business_id: string;
    promotion_id: string | null;
    phone: string;
    message_id: string | null;
    url: string;
  }>(db(), `SELECT business_id, promotion_id, phone, message_id, url FROM tracked_links WHERE code = $1`, [
    code,
  ]);
  if (!row) return null;
  return {
    code,
    businessId: row.business_id,
    promotionId: row.promotion_id,
    phone: row.phone,
    messageId: row.message_id,
    url: row.url,
  };
}
