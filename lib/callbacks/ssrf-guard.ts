import { lookup } from "node:dns/promises";
import net from "node:net";
import { env } from "../env";
import { MAX_CALLBACK_URL_LENGTH } from "./schemas";

/**
 * Callbacks go to addresses a business chooses, so a business must not be able to make this
 * server call its own network: loopback, private, link-local, unique-local, CGNAT, cloud
 * metadata and other special ranges are refused unless ALLOW_PRIVATE_CALLBACK_URLS=true.
 * The caller connects to the address checked here (never resolves again), so a DNS answer
 * that changes between check and connect (rebinding) cannot redirect the request.
 */
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT (also Alibaba's metadata 100.100.100.200)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments (Oracle metadata 192.0.0.192)
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net4, prefix, "ipv4");
}
for (const [net6, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::ffff:0:0:0", 96], // IPv4-translated (SIIT), e.g. ::ffff:0:7f00:1 is 127.0.0.1
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique-local (AWS metadata fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // old site-local
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(net6, prefix, "ipv6");
}

/**
 * IPv4 embedded in an IPv6 address: mapped (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d),
 * NAT64 (64:ff9b::/96), 6to4 (2002::/16).
 */
function embeddedIpv4(ip6: string): string | undefined {
  const words = expandIpv6(ip6);
  if (!words) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zeros(0, 5) && words[5] === 0xffff) return v4(words[6]!, words[7]!);
  if (zeros(0, 4) && words[4] === 0xffff && words[5] === 0) return v4(words[6]!, words[7]!);
  if (zeros(0, 6) && (words[6] !== 0 || words[7]! > 1)) return v4(words[6]!, words[7]!); // deprecated IPv4-compatible
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4(words[6]!, words[7]!);
  if (words[0] === 0x64 && words[1] === 0xff9b && words[2] === 1) return v4(words[6]!, words[7]!);
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!);
  return undefined;
}

function expandIpv6(ip: string): number[] | undefined {
  let s = ip.split("%")[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const p = dotted[1]!.split(".").map(Number);
    s =
      s.slice(0, -dotted[1]!.length) +
      `${((p[0]! << 8) | p[1]!).toString(16)}:${((p[2]! << 8) | p[3]!).toString(16)}`;
  }
  const [head, tail] = s.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const fill = s.includes("::") ? 8 - h.length - t.length : 0;
  const words = [...h, ...Array(fill).fill("0"), ...t].map((w) => parseInt(w, 16));
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff)
    ? words
    : undefined;
}

/** True when the address is in a range a callback must not reach. */
export function isBlockedAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return blocked.check(ip, "ipv4");
  if (family !== 6) return true;
  const v4 = embeddedIpv4(ip);
  if (v4 && blocked.check(v4, "ipv4")) return true;
  return blocked.check(ip.split("%")[0]!, "ipv6");
}

export class BlockedUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BlockedUrlError";
  }
}

export type ResolvedTarget = { url: URL; address: string; family: 4 | 6 };

const cache = new Map<string, { at: number; target: { address: string; family: 4 | 6 } }>();
const CACHE_MS = 30_000;

/**
 * Checks the URL and resolves its host to one permitted address. `allowPrivate` defaults to
 * ALLOW_PRIVATE_CALLBACK_URLS, read at call time. Every resolved address must be permitted:
 * a name that also points inside is refused even if one of its addresses is public.
 */
export async function resolveCallbackTarget(
  rawUrl: string,
  opts: { allowPrivate?: boolean } = {},
): Promise<ResolvedTarget> {
  const allowPrivate = opts.allowPrivate ?? env().ALLOW_PRIVATE_CALLBACK_URLS;
  if (rawUrl.length > MAX_CALLBACK_URL_LENGTH) throw new BlockedUrlError("URL is too long");
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new BlockedUrlError("Not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new BlockedUrlError("Only http and https URLs are allowed");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = net.isIP(host);
  let addresses: Array<{ address: string; family: number }>;
  if (literal) {
    addresses = [{ address: host, family: literal }];
  } else {
    const hit = cache.get(host);
    if (hit && Date.now() - hit.at < CACHE_MS && (allowPrivate || !isBlockedAddress(hit.target.address))) {
      return { url, ...hit.target };
    }
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new BlockedUrlError(`Cannot resolve host ${host}`);
    }
    if (addresses.length === 0) throw new BlockedUrlError(`Cannot resolve host ${host}`);
  }
  if (!allowPrivate) {
    const bad = addresses.find((a) => isBlockedAddress(a.address));
    if (bad) {
      throw new BlockedUrlError(
        `${host} resolves to ${bad.address}, a private or reserved address; callbacks may only target public addresses (an operator can allow private ones with ALLOW_PRIVATE_CALLBACK_URLS=true)`,
      );
    }
  }
  const first = addresses[0]!;
  const target = { address: first.address, family: (first.family === 6 ? 6 : 4) as 4 | 6 };
  if (!literal) cache.set(host, { at: Date.now(), target });
  return { url, ...target };
}
