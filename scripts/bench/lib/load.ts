// HTTP load with autocannon: throughput, latency percentiles from every 2xx response, bytes per response.
import autocannon from "autocannon";
import { round } from "./report";

export const CONNECTIONS = 10;
export const DURATION_S = 8;
export const WARMUP_S = 1;

export interface LoadFigures {
  reqPerSec: number;
  /** Latency percentiles of the 2xx responses, from autocannon's per-response times (sub-ms precision). */
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Average body+header bytes per response. */
  bytesPerResponse: number;
  responses: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationS: number;
}

/** Nearest-rank percentile; sorts `values` in place. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.max(0, Math.ceil(p * values.length) - 1))]!;
}

export function cannon(options: autocannon.Options): Promise<LoadFigures> {
  const duration = Number(options.duration ?? DURATION_S);
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    // Bounded even if the target hangs: autocannon is stopped well after its own deadline.
    const guard = setTimeout(() => instance.stop(), (duration + 20) * 1000);
    const instance: autocannon.Instance = autocannon(
      { connections: CONNECTIONS, pipelining: 1, timeout: 10, duration, ...options },
      (error: Error | null, result: autocannon.Result) => {
        clearTimeout(guard);
        if (error) return reject(error);
        const responses = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
        resolve({
          reqPerSec: round(result.requests.average),
          p50Ms: round(percentile(latencies, 0.5), 3),
          p95Ms: round(percentile(latencies, 0.95), 3),
          p99Ms: round(percentile(latencies, 0.99), 3),
          bytesPerResponse: Math.round(result.throughput.total / Math.max(1, responses)),
          responses,
          ok2xx: result["2xx"],
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          durationS: round(result.duration, 2),
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

/** A short unmeasured run (JIT, connection pools), then the measured one. */
export async function measure(options: autocannon.Options): Promise<{ warmup: LoadFigures; run: LoadFigures }> {
  const warmup = await cannon({ ...options, duration: WARMUP_S });
  const run = await cannon({ duration: DURATION_S, ...options });
  return { warmup, run };
}

/** A measured load as multiples of the hello-world baseline measured in the same run. */
export function vsBaseline(figures: LoadFigures, baseline: LoadFigures) {
  return {
    reqPerSec: round(figures.reqPerSec / baseline.reqPerSec, 3),
    p50: round(figures.p50Ms / baseline.p50Ms || 0, 3),
    p99: round(figures.p99Ms / baseline.p99Ms || 0, 3),
  };
}

/** p95 with one connection: the latency one person sees, not a queue behind nine others. */
export async function oneConnectionLatency(url: string, cookie: string, requests: number, extra: Partial<autocannon.Options> = {}): Promise<LoadFigures> {
  // `amount` counts requests; `duration` only bounds the run (a case at 500 ms would still finish).
  await cannon({ url, headers: { cookie }, connections: 1, amount: 20, duration: 120, ...extra });
  const figures = await cannon({ url, headers: { cookie }, connections: 1, amount: requests, duration: 600, ...extra });
  if (figures.non2xx || figures.errors) throw new Error(`${url} answered ${figures.non2xx} non-2xx and ${figures.errors} errors`);
  return figures;
}
