import autocannon from "autocannon";

export type LoadResult = {
  label: string;
  requestsPerSec: number;
  p50ms: number;
  p99ms: number;
  non2xx: number;
  errors: number;
  total: number;
  /** 2xx answers per second (req/s counts every answer). */
  okPerSec: number;
};

/** Every answer's latency (ms) and whether it was a 2xx, across loads: percentiles of all requests. */
export type Samples = { latencies: number[]; ok: number; notOk: number };
export const newSamples = (): Samples => ({ latencies: [], ok: 0, notOk: 0 });
export function percentile(s: Samples, q: number): number {
  const xs = Float64Array.from(s.latencies).sort();
  return xs.length === 0 ? 0 : xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
}

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
    /** Where to add every answer's latency and status. */
    samples?: Samples;
  },
): Promise<LoadResult> {
  const samples = opts.samples;
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        method: opts.method ?? "GET",
        headers: opts.headers,
        body: opts.body,
        connections: opts.connections ?? 50,
        duration: opts.duration ?? 10,
        ...(opts.rotateHeaders ? { requests: opts.rotateHeaders.map((headers) => ({ headers })) } : {}),
      },
      (err, result) => (err ? reject(err as Error) : resolve(result)),
    );
    if (samples)
      instance.on("response", (_client, status, _bytes, ms) => {
        samples.latencies.push(ms);
        if (status >= 200 && status < 300) samples.ok++;
        else samples.notOk++;
      });
  });
  return {
    label,
    requestsPerSec: Math.round(r.requests.average),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    total: r.requests.total,
    okPerSec: Math.round(r["2xx"] / r.duration),
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
