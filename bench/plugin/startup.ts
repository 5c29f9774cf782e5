/**
 * The plugin's start-up: the engine starts `pulumi-resource-esign` for every command
 * and waits for the port line on its stdout. Measures, from spawn to that line, the checkout's
 * launcher (bin/: bash + node + dist/), the bundle under a plain Node.js, and the release
 * executable (the linux-amd64 SEA of scripts/build-plugin: a V8 start-up snapshot of the evaluated bundle, D111), beside two
 * floors: a bare Node.js (`node -e` printing a line) and a single executable that does nothing
 * but print a line (the same Node.js binary and SEA pipeline). Each row's ratio to the bare
 * Node.js is printed (the goal: the release executable within 2.5x). Prints a table; `--write`
 * also puts it into bench/RESULTS.md (its own section, which bench/main.ts keeps).
 *
 *   node scripts/run-ts.js bench/plugin/startup.ts [--runs 15] [--write]
 *       [--baseline EXE] [--baseline-bundle JS] [--baseline-label TEXT]
 *
 * `--baseline EXE` and `--baseline-bundle JS` add rows for the release executable and the bundle
 * (plugin.js, beside the archive in build-plugin's cache) built from an earlier commit (run
 * `scripts/build-plugin --targets linux-amd64` in a checkout of it), measured in the same run,
 * interleaved with the others: a change's before and after side by side. The label names it
 * (default "baseline").
 *
 * Wall time depends on the machine's load; the CPU time (all threads, from /proc when the
 * line arrives) much less, so both are shown, with the load average; as root, also the wall time
 * at real-time priority.
 */
import { spawn, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { cpuSecondsPrecise } from "../support/proc";
import { replaceSection } from "./section";

const root = path.resolve(__dirname, "..", "..");

interface Sample {
  wallMs: number;
  cpuMs: number;
}
interface Row {
  name: string;
  command: string;
  samples: Sample[];
  rtSamples: Sample[];
}

/**
 * Real-time scheduling for the measured process (root and chrt only): other work on a shared
 * machine then cannot queue it, so its wall time is what an idle machine would show.
 */
const RT_PREFIX = process.getuid?.() === 0 && fs.existsSync("/usr/bin/chrt") ? ["/usr/bin/chrt", "-f", "10"] : undefined;

/** One start: spawn to the first line on stdout (the port), with no engine to talk to. */
function startOnce(command: string[], env: NodeJS.ProcessEnv): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command[0], command.slice(1), { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command.join(" ")}: no port line in 60 s; stderr: ${err}`));
    }, 60_000);
    child.stderr.on("data", (d) => (err += d));
    child.stdout.on("data", (d) => {
      out += d;
      if (!out.includes("\n")) return;
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      // The launcher is bash exec-ing node: same pid, so /proc covers the whole start.
      const cpuMs = (cpuSecondsPrecise(child.pid) ?? NaN) * 1000;
      clearTimeout(timer);
      child.kill("SIGKILL");
      if (!/^\d+$/.test(out.split("\n")[0].trim())) reject(new Error(`${command.join(" ")}: first line is not a port: ${out}`));
      else resolve({ wallMs, cpuMs });
    });
    child.on("error", reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The Node.js the SEAs hold (scripts/ensure-node), which also writes their blobs. */
function seaNode(): string {
  const { NODE_VERSION } = require("../../scripts/plugin/targets");
  const out = execFileSync(path.join(root, "scripts", "ensure-node"), ["22"], { encoding: "utf8", env: { ...process.env, ESIGN_NODE_VERSION: NODE_VERSION }, stdio: ["ignore", "pipe", "inherit"] });
  return path.join(out.trim().split("\n").pop()!, "node");
}

/** A single executable application that prints a port-like line and waits: the floor of any SEA's start. */
async function buildEmptySea(dir: string): Promise<string> {
  const node = seaNode();
  fs.writeFileSync(path.join(dir, "empty.js"), 'console.log("1");setInterval(()=>{},1000);');
  fs.writeFileSync(path.join(dir, "empty.json"), JSON.stringify({ main: "empty.js", output: "empty.blob", disableExperimentalSEAWarning: true, useCodeCache: true }));
  execFileSync(node, ["--experimental-sea-config", "empty.json"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  const exe = path.join(dir, "empty-sea");
  fs.copyFileSync(node, exe);
  fs.chmodSync(exe, 0o755);
  const { inject } = require("postject");
  await inject(exe, "NODE_SEA_BLOB", fs.readFileSync(path.join(dir, "empty.blob")), { sentinelFuse: "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2" });
  return exe;
}

function buildRelease(dir: string): string {
  const archive = execFileSync(path.join(root, "scripts", "build-plugin"), ["--targets", "linux-amd64", "--out", dir], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
  execFileSync("tar", ["-xzf", archive, "-C", dir]);
  return path.join(dir, "pulumi-resource-esign");
}

/** The bundle build-plugin cached beside the archives, run by the same Node.js the SEA holds. */
function bundleCommand(): string[] {
  const cache = process.env.ESIGN_CACHE_DIR || path.join(os.homedir(), ".cache", "pulumi-esign");
  const dirs = fs
    .readdirSync(path.join(cache, "plugin"))
    .map((d) => path.join(cache, "plugin", d))
    .filter((d) => fs.existsSync(path.join(d, "plugin.js")));
  const newest = dirs.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  const { NODE_VERSION } = require("../../scripts/plugin/targets");
  return [path.join(cache, `node-v${NODE_VERSION}`, "bin", "node"), path.join(newest, "plugin.js")];
}

function render(rows: Row[], load: number[]): string {
  const lines = [
    "## Plugin start-up",
    "",
    `Generated by \`node scripts/run-ts.js bench/plugin/startup.ts --write\` on ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}: spawn of`,
    "`pulumi-resource-esign` to the port line on its stdout (what the engine waits for before every command),",
    `median of ${rows[0].samples.length} starts each, one at a time. Load average at the start: ${load.map((l) => l.toFixed(1)).join(", ")} (1, 5, 15 min) on ${os.cpus().length} cores;`,
    "CPU time (all threads, to the nanosecond: /proc/PID/task/*/schedstat) is the figure least moved by other work on the machine.",
    "",
    RT_PREFIX ? '"Wall ms, real-time" ran the plugin under `chrt -f 10`, so that other processes could not delay it: the figure an idle machine shows.' : "",
    "",
    "The ratios are each row's to the bare Node.js (the goal: the release executable within 2.5x).",
    "",
    "| plugin | median wall ms | median wall ms, real-time | median CPU ms | fastest wall ms | wall ratio | CPU ratio |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map((r) => {
      const wall = (row: Row) => median((RT_PREFIX ? row.rtSamples : row.samples).map((s) => s.wallMs));
      const cpu = (row: Row) => median(row.samples.map((s) => s.cpuMs));
      const [floor] = rows;
      return `| ${r.name} | ${median(r.samples.map((s) => s.wallMs)).toFixed(0)} | ${RT_PREFIX ? wall(r).toFixed(0) : "n/a"} | ${cpu(r).toFixed(0)} | ${Math.min(...r.samples.map((s) => s.wallMs)).toFixed(0)} | ${(wall(r) / wall(floor)).toFixed(1)}x | ${(cpu(r) / cpu(floor)).toFixed(1)}x |`;
    }),
    "",
  ];
  return lines.join("\n");
}

async function main(argv: string[]): Promise<void> {
  const runs = Number(argv[argv.indexOf("--runs") + 1]) || 15;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-startup-"));
  try {
    execFileSync(path.join(root, "scripts", "build"), { stdio: ["ignore", "ignore", "inherit"] });
    const exe = buildRelease(dir);
    // No node, nothing of ours on PATH for the release executable: as on a user's machine.
    const bare = { PATH: "/usr/bin:/bin" };
    const empty = await buildEmptySea(dir);
    const candidates: { name: string; command: string[]; env: NodeJS.ProcessEnv }[] = [
      // The floors first: the ratios are to the first row.
      { name: "bare Node.js 22 (`node -e` printing a line)", command: [seaNode(), "-e", 'console.log("1");setInterval(()=>{},1000)'], env: bare },
      { name: "a single executable that only prints a line", command: [empty], env: bare },
      { name: "checkout launcher (bin/, node + dist/)", command: [path.join(root, "bin", "pulumi-resource-esign")], env: process.env },
      { name: "bundle under plain Node.js 22", command: bundleCommand(), env: bare },
      { name: "release executable (SEA + start-up snapshot)", command: [exe], env: bare },
    ];
    const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
    const label = option("--baseline-label") ?? "baseline";
    const baselineBundle = option("--baseline-bundle");
    const baselineExe = option("--baseline");
    if (baselineBundle) candidates.push({ name: `${label}: bundle under plain Node.js 22`, command: [bundleCommand()[0], path.resolve(baselineBundle)], env: bare });
    if (baselineExe) candidates.push({ name: `${label}: release executable`, command: [path.resolve(baselineExe)], env: bare });
    const load = os.loadavg();
    const rows: Row[] = candidates.map((c) => ({ name: c.name, command: c.command.join(" "), samples: [], rtSamples: [] }));
    // Interleaved, so a burst of load elsewhere touches every row alike.
    for (let i = 0; i < runs; i++) {
      for (const [j, c] of candidates.entries()) {
        rows[j].samples.push(await startOnce(c.command, c.env));
        if (RT_PREFIX) rows[j].rtSamples.push(await startOnce([...RT_PREFIX, ...c.command], c.env));
      }
    }
    const table = render(rows, load);
    console.log(table);
    if (argv.includes("--write")) replaceSection(path.join(__dirname, "..", "RESULTS.md"), table);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
