/**
 * The bench: API requests, wall time and rate of `up` / unchanged `preview` /
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
import { findSection, KEPT_HEADINGS } from "./plugin/section";
import { renderResults } from "./report";
import { measureServiceSpeed, type SpeedRow } from "./service/speed";
import { describeMachine } from "./support/machine";

/** 10x the real 100/min, so the full run stays well under 20 minutes on 2 cores. */
const LIMIT_PER_MINUTE = 1000;
const REAL_LIMIT_PER_MINUTE = 100;
/**
 * The preview figure at a larger size: only `up` (unthrottled, not measured) and
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

/** `--name value` from argv. */
function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

/**
 * Runs most telling first (the service, then N = 300 and the preview at 1,000, then the rest)
 * and rewrites the results after every run, so a run stopped early still leaves every figure
 * it measured. `--sizes 10,300` and `--scenarios "team members,API apps"` narrow a run.
 */
async function main(argv: string[]): Promise<void> {
  const quick = argv.includes("--quick");
  const out = option(argv, "--out") ?? (quick ? undefined : path.join(__dirname, "RESULTS.md"));
  const sizes = (option(argv, "--sizes") ?? (quick ? "10,30" : "10,100,300")).split(",").map(Number);
  const chosen = option(argv, "--scenarios")?.split(",");
  const picked = chosen ? scenarios.filter((s) => chosen.includes(s.name)) : scenarios;
  const largeSize = quick ? 100 : PREVIEW_ONLY_SIZE;
  const biggest = Math.max(...sizes);
  const speedSetup = { connections: 16, durationMs: quick ? 1000 : 4000 };
  const started = Date.now();
  const machine = describeMachine();

  const floorRuns: RunFigures[] = [];
  const runs: RunFigures[] = [];
  const large: { runs: RunFigures[]; floor?: RunFigures } = { runs: [] };
  let realLimit: RunFigures | undefined;
  let speed: SpeedRow[] = [];
  const plan: { name: string; step: () => Promise<void> }[] = [
    { name: "service speed", step: async () => void (speed = await measureServiceSpeed(speedSetup.connections, speedSetup.durationMs)) },
    { name: `floor N=${biggest}`, step: async () => void floorRuns.push(await run(floor, biggest)) },
    ...picked.map((s) => ({ name: `${s.name} N=${biggest}`, step: async () => void runs.push(await run(s, biggest)) })),
    { name: `floor N=${largeSize} (preview)`, step: async () => void (large.floor = await run(floor, largeSize, { previewOnly: true })) },
    ...picked.map((s) => ({ name: `${s.name} N=${largeSize} (preview)`, step: async () => void large.runs.push(await run(s, largeSize, { previewOnly: true })) })),
    // One check at the real limit (100/min, unscaled): the pacing holds there too.
    ...(quick ? [] : [{ name: "real limit", step: async () => void (realLimit = await run(scenarios[0], 100, { limitPerMinute: REAL_LIMIT_PER_MINUTE })) }]),
    ...sizes
      .filter((n) => n !== biggest)
      .flatMap((n) => [
        { name: `floor N=${n}`, step: async () => void floorRuns.push(await run(floor, n)) },
        ...picked.map((s) => ({ name: `${s.name} N=${n}`, step: async () => void runs.push(await run(s, n)) })),
      ]),
  ];
  const byScenarioAndSize = (a: RunFigures, b: RunFigures) => scenarios.findIndex((s) => s.name === a.scenario) - scenarios.findIndex((s) => s.name === b.scenario) || a.n - b.n;
  for (let i = 0; i < plan.length; i++) {
    await plan[i].step();
    const markdown = renderResults({
      machine,
      quick,
      limitPerMinute: LIMIT_PER_MINUTE,
      runs: [...runs].sort(byScenarioAndSize),
      floor: [...floorRuns].sort((a, b) => a.n - b.n),
      realLimit,
      large,
      speed,
      speedSetup,
      totalMs: Date.now() - started,
      progress: { done: i + 1, of: plan.length, missing: plan.slice(i + 1).map((p) => p.name) },
    });
    if (i === plan.length - 1) console.log(markdown);
    // Sections measured on their own (plugin start-up, the account share) are kept.
    const previous = out && fs.existsSync(out) ? fs.readFileSync(out, "utf8") : "";
    const kept = KEPT_HEADINGS.map((h) => findSection(previous, h)).filter((t): t is string => t !== undefined);
    if (out) fs.writeFileSync(out, [markdown.replace(/\n*$/, "\n"), ...kept].join("\n"));
    console.error(`bench: ${plan[i].name} done (${i + 1}/${plan.length})${out ? `, wrote ${out}` : ""}`);
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
