/**
 * A small, bounded HTTP load generator: `connections` keep-alive connections, each sending
 * one request after another for `durationMs` (after a short warm-up that is not counted).
 * Loopback only. Reports requests per second and latency percentiles.
 */
import * as http from "node:http";

export interface LoadTarget {
  method: "GET" | "PUT";
  /** Full URL on 127.0.0.1. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadFigures {
  requests: number;
  /** Requests answered, the warm-up's included (for costs measured over the whole load). */
  answered: number;
  errors: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

function once(agent: http.Agent, target: LoadTarget): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(target.url, { method: target.method, agent, headers: target.headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(target.body);
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0);

export async function load(target: LoadTarget, connections: number, durationMs: number, warmupMs = 500): Promise<LoadFigures> {
  if (!new URL(target.url).hostname.startsWith("127.")) throw new Error("the load generator only targets loopback");
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let answered = 0;
  const start = Date.now();
  const countFrom = start + warmupMs;
  const end = countFrom + durationMs;
  const worker = async () => {
    // Bounded: stops at `end` whatever happens.
    while (Date.now() < end) {
      const t0 = process.hrtime.bigint();
      let status = 0;
      try {
        status = await once(agent, target);
      } catch {
        status = 0;
      }
      answered += 1;
      const now = Date.now();
      if (now < countFrom || now > end) continue;
      if (status < 200 || status >= 300) errors += 1;
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    answered,
    errors,
    perSecond: latencies.length / (durationMs / 1000),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}
