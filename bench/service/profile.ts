/**
 * Where the local service spends a request: its CLI (dist/service/main.js) under
 * `node --cpu-prof`, loaded with the read and the write of the speed bench for `--seconds`
 * each. Writes DIR/service.cpuprofile (open it in Chrome DevTools) and the server's output to
 * DIR/stdout.log, and prints the load's figures and the heaviest functions by self time.
 * `--node-flags "..."` replaces the profiler flags, e.g. "--trace-gc" (GC pauses in stdout.log).
 *
 *   node scripts/run-ts.js bench/service/profile.ts [--dir DIR] [--seconds 4] [--node-flags "--trace-gc"]
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { load } from "./load";
import { seedApps, serve, stop } from "./speed";

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function, heaviest first (the "Bottom-Up" view of DevTools). */
function heaviest(profile: CpuProfile, count: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const name = `${f.functionName || "(anonymous)"} ${f.url.replace(/.*\/node_modules\//, "").replace(/^.*\/dist\//, "dist/")}:${f.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
    total += profile.timeDeltas[i] ?? 0;
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
}

async function main(argv: string[]): Promise<void> {
  const opt = (name: string, d: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : d);
  const dir = path.resolve(opt("--dir", path.join(os.tmpdir(), "esign-service-profile")));
  const seconds = Number(opt("--seconds", "4"));
  const flags = opt("--node-flags", `--cpu-prof --cpu-prof-dir=${dir}`).split(" ").filter(Boolean);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const server = await serve("service", undefined, flags);
  const { auth, json, clientId } = await seedApps(server.url, server.apiKey!);
  const read = await load({ method: "GET", url: `${server.url}/v3/api_app/list`, headers: auth }, 16, seconds * 1000);
  const write = await load({ method: "PUT", url: `${server.url}/v3/api_app/${clientId}`, headers: json, body: JSON.stringify({ name: "Renamed" }) }, 16, seconds * 1000);
  await stop(server.child);
  fs.writeFileSync(path.join(dir, "stdout.log"), server.output());
  const show = (n: string, f: typeof read) => `${n} ${f.perSecond.toFixed(0)} req/s, p50 ${f.p50Ms.toFixed(2)} ms, p99 ${f.p99Ms.toFixed(2)} ms`;
  console.log(`${show("read", read)}; ${show("write", write)}`);
  const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (file) {
    fs.renameSync(path.join(dir, file), path.join(dir, "service.cpuprofile"));
    console.log(`profile: ${path.join(dir, "service.cpuprofile")}`);
    for (const line of heaviest(JSON.parse(fs.readFileSync(path.join(dir, "service.cpuprofile"), "utf8")), 25)) console.log(line);
  }
  console.log(`the server's output: ${path.join(dir, "stdout.log")}`);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
