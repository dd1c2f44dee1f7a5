/**
 * The redirect's target: `url` with the request's raw query (without its "?") appended as it
 * came, byte for byte, before any #fragment of `url`: `https://shop.example/p?a=1#top` and
 * `utm_source=x` give `https://shop.example/p?a=1&utm_source=x#top`.
 */
export function appendQuery(url: string, query: string): string {
  if (!query) return url;
  const hashAt = url.indexOf("#");
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : "";
  const sep = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${sep}${query}${hash}`;
}

/**
 * A URL as a Location header can carry it: every character outside printable ASCII (a path in
 * another script, a space) percent-encoded as UTF-8, as a browser would send it; what is
 * already ASCII, percent-escapes included, is left as it is.
 */
export function asHeaderUrl(url: string): string {
  return url.replace(/[^\x21-\x7e]+/gu, (run) => {
    try {
      return encodeURIComponent(run);
    } catch {
      return ""; // a lone surrogate: cannot be in a stored URL, dropped rather than a 500
    }
  });
}
