/**
 * The acceptance run (`npm run test:acceptance`, docs/acceptance.md): the engine suites'
 * resource scenarios against a real account, through the real Pulumi CLI with state in a
 * temporary file backend, every object named with the run's prefix.
 *
 *   npm run test:acceptance [-- --only api-app,team]   refuses an account holding objects no
 *                                                      run made; sweeps its own objects at the end
 *   npm run test:acceptance -- --sweep                 removes what any earlier run left (by prefix)
 *
 * Exit codes: 0 passed (or swept), 1 a scenario failed (or an object could not be removed),
 * 2 bad usage or settings, 3 the account holds foreign objects.
 */
import Mocha from "mocha";
import { acceptanceConfig, emailFor, PREFIX, type AcceptanceConfig } from "./config";
import { describeObject, inventory, sweep, type SweepResult } from "./inventory";
import { SCENARIOS } from "./scenarios";
import { accountTarget } from "./target";

interface Args {
  sweep: boolean;
  only?: string[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { sweep: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--sweep") args.sweep = true;
    else if (a === "--only") args.only = (argv[++i] ?? "").split(",").filter(Boolean);
    else if (a.startsWith("--only=")) args.only = a.slice("--only=".length).split(",").filter(Boolean);
    else throw new Error(`unknown argument ${a} (use --sweep, or --only ${Object.keys(SCENARIOS).join(",")})`);
  }
  for (const name of args.only ?? []) if (!SCENARIOS[name]) throw new Error(`--only: no scenario ${name} (there are ${Object.keys(SCENARIOS).join(", ")})`);
  return args;
}

function printSweep(result: SweepResult): void {
  for (const o of result.removed) console.log(`  removed ${describeObject(o)}`);
  for (const f of result.failed) console.log(`  could not remove ${describeObject(f.object)}: ${f.message}`);
  const unattributed = result.kept.filter((o) => o.kind === "fax_line");
  for (const o of unattributed) console.log(`  kept fax_line ${o.label}: no user of an acceptance run on it (a line cannot carry a name; remove it by hand if a run bought it)`);
  console.log(`sweep: ${result.removed.length} removed, ${result.failed.length} failed, ${result.kept.length} not made by a run (untouched)`);
}

/** Refuses an account holding objects no run made (unless allowed); returns whether to go on. */
async function preflight(config: AcceptanceConfig): Promise<boolean> {
  const objects = await inventory(config);
  const foreign = objects.filter((o) => !o.ours);
  const leftovers = objects.filter((o) => o.ours);
  if (leftovers.length) console.log(`acceptance: ${leftovers.length} objects left by earlier runs (npm run test:acceptance -- --sweep removes them)`);
  if (foreign.length === 0) return true;
  const list = foreign.slice(0, 20).map((o) => `  ${describeObject(o)}`);
  if (foreign.length > 20) list.push(`  ... and ${foreign.length - 20} more`);
  if (config.allowForeign) {
    console.log(`acceptance: the account holds ${foreign.length} objects no run made; going on (ESIGN_ACCEPTANCE_ALLOW_FOREIGN=1), they are never touched:\n${list.join("\n")}`);
    return true;
  }
  console.error(
    `acceptance: refusing to start: the account holds ${foreign.length} objects not named ${PREFIX}... (use a dedicated test account, or set ESIGN_ACCEPTANCE_ALLOW_FOREIGN=1):\n${list.join("\n")}`,
  );
  return false;
}

async function main(): Promise<number> {
  let args: Args;
  let config: AcceptanceConfig;
  try {
    args = parseArgs(process.argv.slice(2));
    config = acceptanceConfig();
  } catch (error) {
    console.error(`acceptance: ${(error as Error).message}`);
    return 2;
  }
  if (args.sweep) {
    console.log(`acceptance: sweeping ${config.baseUrl}: every object named ${PREFIX}..., nothing else`);
    const result = await sweep(config);
    printSweep(result);
    return result.failed.length ? 1 : 0;
  }
  console.log(`acceptance: ${config.baseUrl}, run ${config.runId}: objects named ${config.runPrefix}..., invitees like ${emailFor(config, "alice")}, test mode on`);
  const names = (args.only ?? Object.keys(SCENARIOS)).filter((name) => {
    const optIn = SCENARIOS[name].optIn;
    if (!optIn || process.env[optIn.variable] === "1") return true;
    console.log(`acceptance: ${name}: skipped: ${optIn.reason}; set ${optIn.variable}=1 to run it`);
    return false;
  });
  if (!(await preflight(config))) return 3;
  const mocha = new Mocha({ timeout: 900_000, reporter: "spec" });
  mocha.suite.emit("pre-require", globalThis, "acceptance", mocha);
  const target = accountTarget(config);
  for (const name of names) SCENARIOS[name].register(target);
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  // What the run made and did not remove (a failed step, a destroy that did not finish).
  const result = await sweep(config, config.runPrefix);
  if (result.removed.length || result.failed.length) {
    console.log(`acceptance: run ${config.runId} left objects behind:`);
    printSweep(result);
  }
  console.log(`acceptance: ${names.join(", ") || "no scenario"}: ${failures ? `${failures} failed` : "passed"}`);
  return failures || result.failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`acceptance: ${error.message}`);
    process.exit(1);
  },
);
