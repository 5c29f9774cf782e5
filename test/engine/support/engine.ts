/**
 * Real-engine test harness: the Pulumi Automation API over the real `pulumi` CLI with a
 * local file backend in a temp dir and a passphrase secrets provider.
 *
 * The CLI comes from scripts/ensure-pulumi (a warm cache answers in milliseconds). When it
 * cannot be had, the helper throws: engine tests fail, they never skip.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { LocalWorkspace, PulumiCommand, Stack } from "@pulumi/pulumi/automation";

export const repoRoot = path.resolve(__dirname, "..", "..", "..");
let cliDir: string | undefined;

/** The directory of the pulumi CLI that ensure-pulumi provides (built on first use). */
export function pulumiBinDir(): string {
  if (!cliDir) {
    const out = execFileSync(path.join(repoRoot, "scripts", "ensure-pulumi"), {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    cliDir = out.trim().split("\n").pop()!;
    if (!fs.existsSync(path.join(cliDir, "pulumi"))) throw new Error(`ensure-pulumi gave no CLI in ${cliDir}`);
  }
  return cliDir;
}

/** The Pulumi version the CLI, the Go SDK module and the Python venvs are pinned to (scripts/ensure-pulumi). */
export function pinnedPulumiVersion(): string {
  return execFileSync(path.join(repoRoot, "scripts", "ensure-pulumi"), ["--pinned-version"], { encoding: "utf8" }).trim();
}

/**
 * The environment of every test's engine: a file state backend in `dir/state`, its own
 * PULUMI_HOME in `dir/home` (both made here), a fixed passphrase, no update checks, and the
 * pinned CLI first on PATH (our language host and the dynamic provider's plugin script sit
 * beside it).
 */
export function localBackendEnv(dir: string): Record<string, string> {
  for (const sub of ["state", "home"]) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  return {
    PULUMI_BACKEND_URL: `file://${path.join(dir, "state")}`,
    PULUMI_CONFIG_PASSPHRASE: "test-passphrase",
    PULUMI_HOME: path.join(dir, "home"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
    PATH: `${pulumiBinDir()}:${process.env.PATH}`,
  };
}

/**
 * An inline program's run state in this process (the SDK's per-run store: its gRPC clients to
 * the engine). A run whose command failed (a provider error while registrations were in
 * flight) outlives it: its calls wait for the engine that is gone, and under load its port can
 * be handed to a later command's engine, which those calls then reach: a later `up` saw its
 * program register nothing and deleted every resource, and another program's calls failed with
 * UNAVAILABLE (both seen in CI). So when a stack operation ends, the runs it started get their
 * clients closed: a finished run is unaffected, a lingering one fails at once.
 */
interface RunStore {
  settings?: { monitor?: { close(): void }; engine?: { close(): void } };
}

/** The store of the inline run the caller executes in, if any. */
function currentRun(): RunStore | undefined {
  return (globalThis as { asyncLocalStorage?: { getStore(): RunStore | undefined } }).asyncLocalStorage?.getStore();
}

function endRuns(runs: Set<RunStore>): void {
  for (const run of runs) {
    for (const client of [run.settings?.monitor, run.settings?.engine]) {
      try {
        client?.close();
      } catch {
        // already closed
      }
    }
  }
  runs.clear();
}

/** The stack's operations, each ending the inline runs it started when it returns or fails. */
function endingRuns(stack: Stack, runs: Set<RunStore>): Stack {
  for (const name of ["up", "preview", "refresh", "destroy"] as const) {
    const operation = (stack[name] as (...args: unknown[]) => Promise<unknown>).bind(stack);
    (stack as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      try {
        return await operation(...args);
      } finally {
        endRuns(runs);
      }
    };
  }
  return stack;
}

export interface TestStack {
  stack: Stack;
  /** Outputs of the resource with this logical name, from state (refresh updates these, not stack outputs). */
  resource(name: string): Promise<Record<string, any>>;
  /** `pulumi stack export` as text (secrets stay encrypted, as a person would see it). */
  exportText(): Promise<string>;
  /** Destroys the stack (unless `skipDestroy`: its service is thrown away too) and removes it. */
  dispose(opts?: { skipDestroy?: boolean }): Promise<void>;
}

export interface StackOptions {
  config?: Record<string, { value: string; secret?: boolean }>;
  env?: Record<string, string>;
}

/** A fresh stack in its own backend directory, running `program` inline. */
export async function newStack(project: string, program: () => Promise<unknown> | unknown, opts: StackOptions = {}): Promise<TestStack> {
  const bin = pulumiBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `esign-${project}-`));
  const pulumiCommand = await PulumiCommand.get({ root: path.dirname(bin) });
  const envVars: Record<string, string> = { ...localBackendEnv(dir), ...opts.env };
  const runs = new Set<RunStore>();
  const inline = async () => {
    const run = currentRun();
    if (run) runs.add(run);
    return (await program()) as Record<string, unknown> | void;
  };
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: "test", projectName: project, program: inline },
    {
      pulumiCommand,
      envVars,
      // main = repo root, so the dynamic provider process resolves pulumi-esign and @pulumi/pulumi.
      projectSettings: { name: project, runtime: "nodejs", main: repoRoot },
    },
  );
  for (const [key, v] of Object.entries(opts.config ?? {})) {
    await stack.setConfig(key, { value: v.value, secret: v.secret ?? false });
  }
  return {
    stack: endingRuns(stack, runs),
    async resource(name: string) {
      const state = await stack.exportStack();
      const found = (state.deployment.resources ?? []).find((r: any) => r.urn.endsWith(`::${name}`));
      if (!found) throw new Error(`no resource named ${name} in state`);
      return found.outputs ?? {};
    },
    async exportText() {
      // The Automation API's exportStack() decrypts secrets (--show-secrets); the CLI's does not.
      return execFileSync(path.join(bin, "pulumi"), ["stack", "export", "--stack", "test"], {
        cwd: stack.workspace.workDir,
        env: { ...process.env, ...envVars },
        encoding: "utf8",
      });
    },
    async dispose(disposeOpts = {}) {
      try {
        if (disposeOpts.skipDestroy) return;
        await stack.destroy();
        await stack.workspace.removeStack("test");
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** An engine test's end: its stack destroyed (as far as it can be), its service closed, its directory removed. */
export async function tearDownProject(stack: Stack | undefined, svc: { close(): Promise<unknown> } | undefined, dir: string | undefined): Promise<void> {
  try {
    await stack?.destroy().catch(() => undefined);
  } finally {
    await svc?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Counts of resource operations in an engine summary, e.g. { create: 2 }. */
export function changes(summary: { resourceChanges?: Record<string, number> }): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(summary.resourceChanges ?? {})) if (k !== "same") out[k] = n;
  return out;
}
