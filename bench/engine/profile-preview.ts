/**
 * Where an unchanged preview spends its time: one scenario at one size (and the engine floor
 * at the same size), `up` unthrottled and unmeasured, then one preview while every process of
 * the run is sampled from /proc. Prints CPU seconds per process (the program, i.e. this
 * process with the Automation API's in-process language host; the CLI; the dynamic provider
 * host) and the wall time. `--cpu-prof DIR` also writes a V8 profile of the program's process
 * during the preview (DIR/<scenario>/program.cpuprofile).
 *
 *   node scripts/run-ts.js bench/engine/profile-preview.ts [--n 1000] [--scenario "team members"] [--cpu-prof DIR]
 */
import * as fs from "node:fs";
import * as inspector from "node:inspector";
import * as path from "node:path";
import { newStack } from "../../test/engine/support/engine";
import { procStat, type ProcStat } from "../support/proc";
import { localService } from "../../test/support/local";
import { floor, scenarios, type Scenario } from "./scenarios";

interface Proc {
  pid: number;
  comm: string;
  cmd: string;
  cpu: number;
}

/** Every descendant of `root`, with its CPU seconds so far. */
function descendants(root: number): Proc[] {
  const all = new Map<number, ProcStat>();
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    const stat = procStat(Number(d));
    if (stat) all.set(Number(d), stat);
  }
  const out: Proc[] = [];
  for (const [pid, p] of all) {
    let up = p.ppid;
    while (up > 1 && up !== root) up = all.get(up)?.ppid ?? 0;
    if (up !== root) continue;
    let cmd = "";
    try {
      cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").slice(0, 160);
    } catch {
      /* gone */
    }
    out.push({ pid, comm: p.comm, cmd, cpu: p.cpuSeconds });
  }
  return out;
}

async function profile(scenario: Scenario, n: number, cpuProf?: string): Promise<void> {
  const svc = await localService();
  try {
    const parents = await scenario.setup(svc, n);
    const t = await newStack(`prof-${scenario.name.replace(/\W+/g, "-")}-${n}`, () => scenario.program(n, parents), {
      config: { ...svc.stackConfig(), "esign:requestsPerMinute": { value: "600000" } },
    });
    try {
      await t.stack.up();
      const seen = new Map<number, Proc>();
      const sample = () => descendants(process.pid).forEach((p) => seen.set(p.pid, p));
      const timer = setInterval(sample, 100);
      const session = cpuProf ? new inspector.Session() : undefined;
      const post = (method: string, params?: object) => new Promise<any>((res, rej) => session!.post(method, params ?? {}, (e, r) => (e ? rej(e) : res(r))));
      if (session) {
        session.connect();
        await post("Profiler.enable");
        await post("Profiler.start");
      }
      const cpu0 = process.cpuUsage();
      const t0 = Date.now();
      await t.stack.preview({ expectNoChanges: true });
      const wall = (Date.now() - t0) / 1000;
      const own = process.cpuUsage(cpu0);
      if (session) {
        const { profile } = await post("Profiler.stop");
        const dir = path.join(cpuProf!, scenario.name.replace(/\W+/g, "-"));
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, "program.cpuprofile"), JSON.stringify(profile));
        session.disconnect();
      }
      clearInterval(timer);
      const rows = [...seen.values()].filter((p) => p.cpu > 0.05).sort((a, b) => b.cpu - a.cpu);
      console.log(`\n${scenario.name} N=${n}: preview ${wall.toFixed(2)} s wall`);
      console.log(`  ${((own.user + own.system) / 1e6).toFixed(2)} s  this process (program + in-process language host)`);
      for (const p of rows) console.log(`  ${p.cpu.toFixed(2)} s  ${p.comm} ${p.cmd.replace(/\s+/g, " ").slice(0, 110)}`);
    } finally {
      await t.dispose({ skipDestroy: true });
    }
  } finally {
    await svc.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const opt = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const n = Number(opt("--n") ?? 1000);
  const names = (opt("--scenario") ?? "team members").split(",");
  const cpuProf = opt("--cpu-prof");
  await profile(floor, n, cpuProf);
  for (const s of scenarios.filter((x) => names.includes(x.name))) await profile(s, n, cpuProf);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
