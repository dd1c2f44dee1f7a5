type RouteEntry = { method: string; path: string };

/** Turns Hono route patterns into regexes so a miss can tell 404 (no path) from 405 (other method). */
export function allowedMethods(routes: RouteEntry[], path: string): string[] {
  const methods = new Set<string>();
  for (const r of routes) {
    if (r.method === "ALL" || r.path.endsWith("*")) continue;
    if (patternOf(r.path).test(path)) methods.add(r.method);
  }
  return [...methods];
}

const cache = new Map<string, RegExp>();

function patternOf(path: string): RegExp {
  let re = cache.get(path);
  if (!re) {
    const body = path
      .split("/")
      .map((seg) => (seg.startsWith(":") ? "[^/]+" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    re = new RegExp(`^${body}/?$`);
    cache.set(path, re);
  }
  return re;
}
