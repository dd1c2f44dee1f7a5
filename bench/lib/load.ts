import autocannon from "autocannon";

export type LoadResult = {
  label: string;
  requestsPerSec: number;
  p50ms: number;
  p99ms: number;
  non2xx: number;
  errors: number;
  total: number;
};

/** Runs autocannon against one request shape and keeps the figures the reports use. */
export async function load(
  label: string,
  opts: {
    url: string;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    /** Header sets each connection cycles through (e.g. several API keys). */
    rotateHeaders?: Record<string, string>[];
  },
): Promise<LoadResult> {
  const r = await autocannon({
    url: opts.url,
    method: opts.method ?? "GET",
    headers: opts.headers,
    body: opts.body,
    connections: opts.connections ?? 50,
    duration: opts.duration ?? 10,
    ...(opts.rotateHeaders ? { requests: opts.rotateHeaders.map((headers) => ({ headers })) } : {}),
  });
  return {
    label,
    requestsPerSec: Math.round(r.requests.average),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    total: r.requests.total,
  };
}

export function table(rows: LoadResult[]): string {
  const head =
    "| case | req/s | p50 ms | p99 ms | requests | non-2xx | errors |\n|---|---:|---:|---:|---:|---:|---:|";
  const lines = rows.map(
    (r) =>
      `| ${r.label} | ${r.requestsPerSec} | ${r.p50ms} | ${r.p99ms} | ${r.total} | ${r.non2xx} | ${r.errors} |`,
  );
  return [head, ...lines].join("\n");
}
