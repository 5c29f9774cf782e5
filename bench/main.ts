/**
 * The bench (issue #8): API requests, wall time and rate of `up` / unchanged `preview` /
 * `refresh` / `destroy` through the real engine against the rate-limited local service, the
 * engine's floor, the unchanged preview at 1,000 resources, and the local service's own speed.
 * Writes bench/RESULTS.md (full run) or prints only (`--quick`: sizes 10 and 30, the preview at
 * 100, shorter load runs, no run at the real limit).
 *
 *   node scripts/run-ts.js bench/main.ts [--quick] [--out FILE]
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { measure, PHASES, type MeasureOptions, type PhaseFigures, type RunFigures } from "./engine/measure";
import { floor, scenarios, type Scenario } from "./engine/scenarios";
import { renderResults } from "./report";
import { measureServiceSpeed } from "./service/speed";
import { describeMachine } from "./support/machine";

/** 10x the real 100/min, so the full run stays well under 20 minutes on 2 cores. */
const LIMIT_PER_MINUTE = 1000;
const REAL_LIMIT_PER_MINUTE = 100;
/**
 * The preview figure at a larger size (issue 14): only `up` (unthrottled, not measured) and
 * the unchanged preview, so 1,000 resources of each kind cost minutes, not an hour.
 */
const PREVIEW_ONLY_SIZE = 1000;

/** One run; a run that throws is a row of FAILED phases, so a long bench keeps its other figures. */
async function run(scenario: Scenario, n: number, opts: MeasureOptions = { limitPerMinute: LIMIT_PER_MINUTE }): Promise<RunFigures> {
  try {
    return await measure(scenario, n, opts);
  } catch (error) {
    console.error(`bench: ${scenario.name} N=${n} failed:`, error);
    const failed: PhaseFigures = { requests: 0, minimum: 0, wallMs: 0, ratePerMinute: 0, rateLimited: 0, failed: 0, succeeded: false };
    return { scenario: scenario.name, n, phases: Object.fromEntries(PHASES.map((p) => [p, failed])) as RunFigures["phases"] };
  }
}

async function main(argv: string[]): Promise<void> {
  const quick = argv.includes("--quick");
  const outIndex = argv.indexOf("--out");
  const out = outIndex >= 0 ? argv[outIndex + 1] : quick ? undefined : path.join(__dirname, "RESULTS.md");
  const sizes = quick ? [10, 30] : [10, 100, 300];
  const speedSetup = { connections: 16, durationMs: quick ? 1000 : 4000 };
  const started = Date.now();
  const machine = describeMachine();

  const floorRuns: RunFigures[] = [];
  for (const n of sizes) floorRuns.push(await run(floor, n));
  const runs: RunFigures[] = [];
  for (const scenario of scenarios) for (const n of sizes) runs.push(await run(scenario, n));
  // One check at the real limit (100/min, unscaled): the pacing holds there too.
  const realLimit = quick ? undefined : await run(scenarios[0], 100, { limitPerMinute: REAL_LIMIT_PER_MINUTE });
  const largeSize = quick ? 100 : PREVIEW_ONLY_SIZE;
  const largeFloor = await run(floor, largeSize, { previewOnly: true });
  const largeRuns: RunFigures[] = [];
  for (const scenario of scenarios) largeRuns.push(await run(scenario, largeSize, { previewOnly: true }));
  const speed = await measureServiceSpeed(speedSetup.connections, speedSetup.durationMs);

  const markdown = renderResults({
    machine, quick, limitPerMinute: LIMIT_PER_MINUTE, runs, floor: floorRuns, realLimit, large: { runs: largeRuns, floor: largeFloor },
    speed, speedSetup, totalMs: Date.now() - started,
  });
  console.log(markdown);
  if (out) {
    fs.writeFileSync(out, markdown);
    console.error(`bench: wrote ${out}`);
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
