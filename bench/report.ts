/**
 * Turns the figures into the Markdown of bench/RESULTS.md: API requests per phase against the
 * minimum, wall time against the engine's floor, the achieved rate as a share of the limit,
 * and the local service's own speed against a bare Node server.
 */
import type { PhaseFigures, RunFigures } from "./engine/measure";
import { PHASES, PREVIEW_RUNS } from "./engine/measure";
import type { SpeedRow } from "./service/speed";
import * as os from "node:os";
import type { Machine } from "./support/machine";
import { table } from "./support/markdown";

export interface BenchResults {
  machine: Machine;
  quick: boolean;
  limitPerMinute: number;
  runs: RunFigures[];
  floor: RunFigures[];
  /** Team members, N = 100, at the real limit (100/min); full runs only. */
  realLimit?: RunFigures;
  /** The unchanged preview at the large size (1,000; 100 in --quick), with the engine floor's. */
  large: { runs: RunFigures[]; floor?: RunFigures };
  /** Steps of the run done so far; the results are rewritten after each. */
  progress: { done: number; of: number; missing: string[] };
  speed: SpeedRow[];
  speedSetup: { connections: number; durationMs: number };
  totalMs: number;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const total = (run: RunFigures) => PHASES.reduce((sum, p) => sum + run.phases[p].wallMs, 0);
const sum = (run: RunFigures, key: "rateLimited" | "failed") => PHASES.reduce((s, p) => s + run.phases[p][key], 0);

function requestsCell(f: PhaseFigures): string {
  const mark = f.succeeded ? "" : " FAILED";
  return `${f.requests} / ${f.minimum}${mark}`;
}

/** Phases this short are one burst plus a few seconds: their rate says nothing about pacing. */
const RATE_MIN_REQUESTS = 100;

/** Requests per minute over the phase's own requests, as a share of the limit. */
function rateCell(f: PhaseFigures, limit: number): string {
  if (f.requests < RATE_MIN_REQUESTS || !f.ratePerMinute) return "-";
  return `${Math.round(f.ratePerMinute)} (${Math.round((100 * f.ratePerMinute) / limit)}%)`;
}

function requestsTable(runs: RunFigures[]): string {
  return table(
    ["scenario", "N", "up", "unchanged preview", "refresh", "destroy", "429 answers", "failed requests"],
    runs.map((r) => [r.scenario, r.n, ...PHASES.map((p) => requestsCell(r.phases[p])), sum(r, "rateLimited"), sum(r, "failed")]),
  );
}

function timeTable(runs: RunFigures[], floor: RunFigures[], limit: number): string {
  const floorOf = (n: number) => floor.find((f) => f.n === n);
  const rows = [...floor, ...runs].map((r) => {
    const base = floorOf(r.n);
    const ratio = base ? (total(r) / total(base)).toFixed(2) : "-";
    return [r.scenario, r.n, ...PHASES.map((p) => seconds(r.phases[p].wallMs)), seconds(total(r)), ratio, rateCell(r.phases.up, limit), rateCell(r.phases.destroy, limit)];
  });
  return table(["scenario", "N", "up s", "preview s", "refresh s", "destroy s", "total s", "x engine floor", "up req/min (share of limit)", "destroy req/min (share of limit)"], rows);
}

function speedTable(rows: SpeedRow[]): string {
  return table(
    ["request", "service req/s", "service p50 / p99 ms", "bare Node req/s", "bare p50 / p99 ms", "service / bare (req/s)", "server CPU µs/request: service / bare (bare / service)", "errors", "goal"],
    rows.map((r) => [
      r.name,
      Math.round(r.service.perSecond),
      `${r.service.p50Ms.toFixed(2)} / ${r.service.p99Ms.toFixed(2)}`,
      Math.round(r.floor.perSecond),
      `${r.floor.p50Ms.toFixed(2)} / ${r.floor.p99Ms.toFixed(2)}`,
      (r.service.perSecond / r.floor.perSecond).toFixed(2),
      cpuCell(r),
      r.service.errors + r.floor.errors,
      speedVerdict(r),
    ]),
  );
}

/** Issue 14's goals. */
const PREVIEW_GOAL = 1.2;
const READ_GOAL = 0.6;
const WRITE_GOAL = 0.8;
const P99_GOAL_MS = 5;

const verdict = (ok: boolean) => (ok ? "at goal" : "**NOT at goal**");

function previewRatio(run: RunFigures, floor: RunFigures | undefined): number | undefined {
  if (!floor || !run.phases.preview?.succeeded || !floor.phases.preview?.succeeded) return undefined;
  return run.phases.preview.wallMs / floor.phases.preview.wallMs;
}

function previewTable(runs: RunFigures[], floors: RunFigures[]): string {
  const floorOf = (n: number) => floors.find((f) => f.n === n);
  return table(
    ["scenario", "N", "preview s (median)", "engine floor preview s", "ours / floor", "requests", `goal <= ${PREVIEW_GOAL}`],
    runs.map((r) => {
      const base = floorOf(r.n);
      const ratio = previewRatio(r, base);
      return [
        r.scenario,
        r.n,
        seconds(r.phases.preview.wallMs),
        base ? seconds(base.phases.preview.wallMs) : "not measured",
        ratio !== undefined ? ratio.toFixed(2) : base ? "FAILED" : "-",
        r.phases.preview.requests,
        ratio === undefined ? "-" : verdict(ratio <= PREVIEW_GOAL),
      ];
    }),
  );
}

function cpuCell(r: SpeedRow): string {
  const s = r.service.cpuUsPerRequest;
  const f = r.floor.cpuUsPerRequest;
  return s === undefined || f === undefined ? "-" : `${Math.round(s)} / ${Math.round(f)} (${(f / s).toFixed(2)})`;
}

function speedVerdict(r: SpeedRow): string {
  const goal = r.name.startsWith("read") ? READ_GOAL : WRITE_GOAL;
  const ratio = r.service.perSecond / r.floor.perSecond;
  return `${verdict(ratio >= goal && r.service.p99Ms < P99_GOAL_MS)} (>= ${goal}, p99 < ${P99_GOAL_MS} ms)`;
}

function realLimitSection(run: RunFigures, floor: RunFigures[]): string {
  return `## At the real limit (100 requests per minute, not scaled)

The same measurement for one scenario with the service at \`--rate-limit 100\` and the client at
\`esign:requestsPerMinute = 100\`: the pacing that the scaled runs show holds at the real rate.

${requestsTable([run])}

${timeTable(
  [run],
  floor.filter((f) => f.n === run.n),
  100,
)}

`;
}

export function renderResults(r: BenchResults): string {
  const m = r.machine;
  return `# Bench results

Generated by \`npm run bench\` (scripts/bench -> bench/main.ts)${r.quick ? " in --quick mode" : ""} on ${m.dateUtc}.
Machine: ${m.cpus}, ${m.memory} memory, ${m.os}; Node ${m.node}; Pulumi CLI ${m.pulumi}. Whole run: ${seconds(r.totalMs)} s.
Load average at the start: ${m.loadAtStart.toFixed(1)} (1 min) on ${os.cpus().length} cores${m.loadAtStart > os.cpus().length ? ": **the machine was shared with other work** while this ran, so wall times are longer and noisier than on a quiet machine (ratios against the floor, measured under the same load, hold up better; request counts do not depend on it)" : ""}.
${r.progress.done < r.progress.of ? `\n**Incomplete run**: ${r.progress.done} of ${r.progress.of} steps done when this file was last written; not measured: ${r.progress.missing.join("; ")}.\n` : ""}
**Scaled rate limit.** The real service allows 100 requests per minute per account. To keep the
run short, the local service was started with \`--rate-limit ${r.limitPerMinute}\` (enforced, 429 above it)
and the provider's client was set to match (\`esign:requestsPerMinute = ${r.limitPerMinute}\`, burst 10,
4 requests in flight). Request counts do not depend on the limit; wall times at the real limit
would be about ${r.limitPerMinute / 100} times longer wherever the rate limit is the bottleneck.

Each scenario and size runs on a fresh local service and stack (Automation API, real CLI, file backend); the parents
are made beforehand and not counted. Counts come from the service's request log, retries and 429s included.

## API requests: ours / minimum

Minimum = the changes made, plus one list read per page of 100 per parent (templates, fax lines and invitations come
whole in one read). "FAILED" marks a phase that did not succeed.

${requestsTable(r.runs)}

Team members' refresh: GET /team, plus the invitations while someone is invited (every bench member is), plus the
member pages only for 100+ accounts (test/engine/resources/team.test.ts pins 1, 2 and ceil(N/100) + 1). One above the
minimum everywhere: the account pin's GET /account per provider process (D31). A shared list is kept 30 s, so a
longer \`up\` reads it again.

## Wall time, engine floor, achieved rate

"engine floor" is a dynamic resource whose provider makes no requests: the engine's own cost
for N resources. "x engine floor" = our total wall time / the floor's at the same N. The rate is
requests per minute between the phase's first and last request, as a share of the limit
(${r.limitPerMinute}/min); "-" for phases of fewer than ${RATE_MIN_REQUESTS} requests (the client's first 10
go out as one burst, so short phases show more than the limit without ever exceeding it).

${timeTable(r.runs, r.floor, r.limitPerMinute)}

## Unchanged preview: ours / the engine floor

The preview against the engine floor's at the same N (each the median of ${PREVIEW_RUNS} previews; at the largest size only the preview is measured). The floor, a bare
\`pulumi.dynamic.Resource\` with one input, pays the SDK's stack trace per output promise, which ours skip (D29).

${previewTable([...r.runs.filter((x) => x.n === Math.max(...r.runs.map((y) => y.n))), ...r.large.runs], [...r.floor, ...(r.large.floor ? [r.large.floor] : [])])}

${r.realLimit ? realLimitSection(r.realLimit, r.floor) : ""}## The local service's own speed

${r.speedSetup.connections} keep-alive connections on 127.0.0.1 for ${seconds(r.speedSetup.durationMs)} s each
(bench/service/load.ts, after 0.5 s of warm-up); the server runs in its own process, the load
generator in another (both on the same ${m.cpus.split(" ")[0]} cores). "bare Node" is a plain \`http\`
server answering a copy of the service's body (the transport floor). The read lists 10 API apps; the write renames
one; no rate limit; both servers under plain node. req/s moves with other load; server CPU per request (/proc) does
not, and bare / service CPU is what the req/s ratio tends to.

${speedTable(r.speed)}

Profiles: \`bench/service/profile.ts\` (\`--node-flags --trace-gc\`) and \`bench/engine/profile-preview.ts --n 1000\`
(\`--cpu-prof DIR\`), run with \`node scripts/run-ts.js\`.
`;
}
