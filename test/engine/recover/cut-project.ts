/**
 * A Pulumi project on disk whose `pulumi up` can be cut off: run in its own process group and
 * killed with SIGKILL (CLI, language host, providers: nothing gets to clean up; killTree) once the local
 * service has committed the creates a test holds the answers of (fault rules with a delay and
 * `after: true`: the change is made, the answer waits). Then `esign recover` as a user runs it.
 */
import * as assert from "assert";
import { execFile, spawn } from "child_process";
import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";
import { CliResult, runPulumi } from "../../support/account-file";
import { localBackendEnv, repoRoot } from "../support/engine";
import { api, localService, type LocalService } from "../../support/local";
import type { ServiceOptions } from "../../../service";

export interface CutProject {
  dir: string;
  env: Record<string, string>;
  pulumi(...args: string[]): Promise<CliResult>;
  /** `esign recover` (the compiled CLI) in the project. */
  recover(...args: string[]): Promise<CliResult>;
  /** `esign drift` (the compiled CLI) in the project. */
  drift(...args: string[]): Promise<CliResult>;
  /** `pulumi up`, killed (SIGKILL, whole process group) once every fault rule in `rules` has fired; resolves after the kill. */
  upCutOff(rules: FaultRule[], env?: Record<string, string>): Promise<void>;
  exported(): Promise<{ resources: { urn: string; type: string; id?: string }[]; pending: { type: string; urn: string }[] }>;
  dispose(): void;
}

export interface FaultRule {
  method: string;
  path: string;
  /** true: the service commits the change, then holds the answer (a lost answer). false: holds the request, then drops it unprocessed. */
  committed: boolean;
}

/**
 * How long the service holds each answer: the kill waits for every rule to fire, so the first
 * answer must still be held when the last request arrives (see cutService). Below the client's
 * 30 s request timeout, after which the provider itself looks again.
 */
const HOLD_MS = 28_000;

/**
 * SIGKILL to the CLI's process tree, as a cancelled CI job's runner does: the CLI's process group
 * and each plugin's, since the engine starts every plugin (language host, providers) in a process
 * group of its own (sdk/go/common/util/cmdutil: RegisterProcessGroup). Killing the CLI's group
 * alone leaves the providers running: they finish their requests, and one retried a dropped create.
 */
function killTree(root: number): void {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parentOf) if (tree.has(ppid) && !tree.has(pid)) grew = !!tree.add(pid);
  }
  // Stop them all first, so no process reacts to another's death, then kill.
  for (const pid of tree) signal(pid, "SIGSTOP");
  for (const pid of tree) signal(-pid, "SIGKILL"); // its group, where it leads one
  for (const pid of tree) signal(pid, "SIGKILL");
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // not a group leader, or gone
  }
}

/** `esign <command>` (the compiled CLI) in `dir` with the engine's environment. */
export function esign(dir: string, env: Record<string, string>, command: string, args: string[]): Promise<CliResult> {
  return new Promise<CliResult>((resolve) => {
    execFile(process.execPath, [path.join(repoRoot, "dist", "provider", "cli", "esign.js"), command, ...args], { cwd: dir, env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * The local service of a cut-off suite: its rate-limit headers state one window of an hour (and a
 * limit no test reaches). Otherwise the client, at each new window and while it has not yet told
 * the service's bucket from a window, lets one request through as a probe and holds the others
 * until its answer (provider/client/share.ts): when the probe is a held create, every other create
 * waits out the hold, and the run goes on before the kill (read in the client as the cause of a
 * failure seen on the default service: the team's and app's creates recorded before the kill).
 */
/** The ids of the templates the key's account holds (the service's own key by default). */
export const templateIds = async (svc: LocalService, key = svc.apiKey): Promise<string[]> =>
  ((await api(svc, key).get("/template/list", { params: { page_size: 100 } })).data.templates ?? []).map((t: { template_id: string }) => t.template_id);

/** The numbers of the fax lines the key's account holds. */
export const lineNumbers = async (svc: LocalService, key = svc.apiKey): Promise<string[]> =>
  ((await api(svc, key).get("/fax_line/list", { params: { page_size: 100 } })).data.fax_lines ?? []).map((l: { number: string }) => l.number);

/** A fault rule: the request to `path` is committed (or not), then its answer held past the kill. */
export const kill = (path: string, method = "POST", committed = true): FaultRule => ({ method, path, committed });

export function cutService(options: ServiceOptions = {}): Promise<LocalService> {
  return localService({ ...options, rateLimitModel: "window", rateLimitWindowMs: 3_600_000, rateLimit: 1_000_000 });
}

export async function cutProject(svc: LocalService, name: string, program: string): Promise<CutProject> {
  const dir = path.join(repoRoot, ".pulumi-local", `${name}-${crypto.randomBytes(4).toString("hex")}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n`);
  fs.writeFileSync(path.join(dir, "index.js"), program);
  const env = localBackendEnv(dir);
  const p = cutStack(svc, { dir, env, stack: "test", dispose: () => fs.rmSync(dir, { recursive: true, force: true }) });
  const init = await p.pulumi("stack", "init", "test");
  if (init.code !== 0) throw new Error(init.stderr);
  await p.pulumi("config", "set", "--secret", "esign:apiKey", svc.apiKey);
  await p.pulumi("config", "set", "esign:baseUrl", svc.baseUrl);
  await p.pulumi("config", "set", "esign:requestsPerMinute", "60000");
  return p;
}

export interface CutStackSpec {
  /** The project directory (its Pulumi.yaml). */
  dir: string;
  /** The engine's environment: backend, passphrase, PATH (plugins, language hosts). */
  env: Record<string, string>;
  /** The stack's name (made by the caller). */
  stack: string;
  /** What runs the `up` that is cut off (default: `pulumi up --yes --skip-preview --stack STACK`). */
  up?: string[];
  dispose(): void;
}

/** The cut-off steps on any project's stack: a Node.js program, a YAML one, the account file's. */
export function cutStack(svc: LocalService, spec: CutStackSpec): CutProject {
  const { dir, env, stack } = spec;
  const pulumi = (...args: string[]) => runPulumi(args, dir, env);
  return {
    dir,
    env,
    pulumi,
    recover: (...args) => esign(dir, env, "recover", [...args, "--stack", stack]),
    drift: (...args) => esign(dir, env, "drift", args),
    async upCutOff(rules, extraEnv = {}) {
      const ids: number[] = [];
      for (const r of rules) {
        const added = await svc.control("POST", "/faults", {
          method: r.method,
          path: r.path,
          count: 1,
          delay_ms: HOLD_MS,
          ...(r.committed ? { after: true } : { drop: true }),
        });
        ids.push(added.fault.id);
      }
      let output = "";
      const [command, ...args] = spec.up ?? ["pulumi", "up", "--yes", "--skip-preview", "--stack", stack];
      const child = spawn(command, args, {
        cwd: dir,
        env: { ...process.env, ...env, ...extraEnv },
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
      const deadline = Date.now() + 120_000;
      for (;;) {
        const { faults } = await svc.control("GET", "/faults");
        const fired = ids.every((id) => faults.find((f: { id: number; hits: number }) => f.id === id)?.hits > 0);
        if (fired) break;
        if (child.exitCode !== null) assert.fail(`pulumi up ended before the faults fired:\n${output}`);
        if (Date.now() > deadline) assert.fail(`the faults did not fire in time:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // The handler and the commit run before the held answer (service/pipeline/commit.ts); a moment for them.
      await new Promise((r) => setTimeout(r, 300));
      killTree(child.pid!);
      await exited;
      await svc.control("DELETE", "/faults");
    },
    async exported() {
      const r = await pulumi("stack", "export", "--stack", stack);
      const d = JSON.parse(r.stdout).deployment;
      return {
        resources: (d.resources ?? []).map((x: { urn: string; type: string; id?: string }) => ({ urn: x.urn, type: x.type, id: x.id })),
        pending: (d.pending_operations ?? []).map((o: { type: string; resource: { urn: string } }) => ({ type: o.type, urn: o.resource.urn })),
      };
    },
    dispose: spec.dispose,
  };
}
