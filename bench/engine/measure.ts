/**
 * Runs one scenario at one size through the real engine (Automation API, file backend)
 * against a fresh local service with its rate limit on, and measures each phase from the
 * service's request log: requests, 429s, failures, wall time and the achieved request rate.
 */
import { newStack } from "../../test/engine/support/engine";
import { localService, type LocalService } from "../../test/support/local";
import type { Phase, Scenario } from "./scenarios";

export interface PhaseFigures {
  requests: number;
  minimum: number;
  wallMs: number;
  /** Requests per minute between the first and the last request of the phase. */
  ratePerMinute: number;
  rateLimited: number;
  failed: number;
  succeeded: boolean;
}

export interface RunFigures {
  scenario: string;
  n: number;
  phases: Record<Phase, PhaseFigures>;
}

interface LoggedRequest {
  time: number;
  status: number;
}

export const PHASES: Phase[] = ["up", "preview", "refresh", "destroy"];

/**
 * An unchanged preview lasts one to a few seconds, so one run says little on a shared machine:
 * it is run this many times and the median wall time is the figure (requests: all runs).
 */
export const PREVIEW_RUNS = 5;

export interface MeasureOptions {
  /** The service's enforced limit and the client's pace (requests per minute); none: unthrottled. */
  limitPerMinute?: number;
  /** Only `up` (unmeasured set-up) and the unchanged preview; the other phases are not run. */
  previewOnly?: boolean;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function figuresOf(log: LoggedRequest[], wallMs: number, minimum: number, succeeded: boolean): PhaseFigures {
  const spanMs = log.length > 1 ? log[log.length - 1].time - log[0].time : 0;
  return {
    requests: log.length,
    minimum,
    wallMs,
    // Under ~1 s of requests a rate says nothing (one burst); report 0 then.
    ratePerMinute: spanMs >= 1000 ? ((log.length - 1) * 60_000) / spanMs : 0,
    rateLimited: log.filter((r) => r.status === 429).length,
    failed: log.filter((r) => r.status >= 400 && r.status !== 429).length,
    succeeded,
  };
}

async function timed(svc: LocalService, run: () => Promise<unknown>): Promise<{ log: LoggedRequest[]; wallMs: number; ok: boolean }> {
  const since = await svc.lastSeq();
  const started = Date.now();
  let ok = true;
  try {
    await run();
  } catch (error) {
    ok = false;
    console.error(`bench: phase failed: ${String(error).slice(0, 2000)}`);
  }
  const wallMs = Date.now() - started;
  return { log: (await svc.requestsSince(since, svc.accountId)) as unknown as LoggedRequest[], wallMs, ok };
}

export async function measure(scenario: Scenario, n: number, opts: MeasureOptions = {}): Promise<RunFigures> {
  const { limitPerMinute, previewOnly = false } = opts;
  const svc = await localService({ rateLimit: limitPerMinute });
  try {
    const parents = await scenario.setup(svc, n);
    // Setup traffic must not eat the measured phases' budget: start them in a fresh window.
    svc.app.rateLimiter.reset();
    const pace = String(limitPerMinute ?? 600_000);
    const config = { ...svc.stackConfig(), "esign:requestsPerMinute": { value: pace } };
    const t = await newStack(`bench-${scenario.name.replace(/\W+/g, "-")}-${n}`, () => scenario.program(n, parents), { config });
    try {
      const phases = {} as Record<Phase, PhaseFigures>;
      const runs: Record<Phase, () => Promise<unknown>> = {
        up: () => t.stack.up(),
        preview: () => t.stack.preview({ expectNoChanges: true }),
        refresh: () => t.stack.refresh(),
        destroy: () => t.stack.destroy(),
      };
      for (const phase of previewOnly ? (["up", "preview"] as Phase[]) : PHASES) {
        const times = phase === "preview" ? PREVIEW_RUNS : 1;
        const logs: LoggedRequest[] = [];
        const walls: number[] = [];
        let ok = true;
        for (let i = 0; i < times; i++) {
          const r = await timed(svc, runs[phase]);
          logs.push(...r.log);
          walls.push(r.wallMs);
          ok &&= r.ok;
        }
        phases[phase] = figuresOf(logs, median(walls), scenario.minimum(phase, n), ok);
        const shown = walls.map((w) => (w / 1000).toFixed(1)).join(", ");
        console.error(`bench: ${scenario.name} N=${n} ${phase}: ${logs.length} requests, ${shown} s${ok ? "" : " (FAILED)"}`);
      }
      return { scenario: scenario.name, n, phases };
    } finally {
      // A preview-only run's service is discarded with its state: no destroy of N resources.
      await t.dispose({ skipDestroy: previewOnly });
    }
  } finally {
    await svc.close();
  }
}
