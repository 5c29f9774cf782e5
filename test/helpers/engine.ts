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

export const repoRoot = path.resolve(__dirname, "..", "..");
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
 * Inline programs of this process, while their run is in flight. The SDK keeps its resource
 * monitor client in a module-level variable, and a run that outlives its command (the engine
 * failed, e.g. a provider error, while registrations were still in flight) closes that client
 * when its shutdown finally ends: by then it may be the next run's client, whose registrations
 * then fail with gRPC errors that the SDK's run swallows as shutdown noise, so the engine sees a
 * program that registered nothing and deletes every resource (seen in CI under load). Every
 * stack operation of `newStack` therefore waits until earlier runs of this process have ended
 * (at most RUN_SETTLE_MS: a run that never ends must not hang the suite).
 */
const inlineRuns = new Set<Promise<void>>();
const RUN_SETTLE_MS = 60_000;
let runsTracked = false;

function trackInlineRuns(): void {
  if (runsTracked) return;
  runsTracked = true;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { LanguageServer } = require("@pulumi/pulumi/automation/server");
  const run = LanguageServer.prototype.run;
  LanguageServer.prototype.run = function (call: unknown, callback: (...args: unknown[]) => void) {
    let settle!: () => void;
    const running = new Promise<void>((resolve) => (settle = resolve));
    inlineRuns.add(running);
    const end = () => {
      inlineRuns.delete(running);
      settle();
    };
    try {
      return run.call(this, call, (...args: unknown[]) => {
        end();
        callback(...args);
      });
    } catch (e) {
      end();
      throw e;
    }
  };
}

/** Resolves once no inline program run of this process is in flight (or after RUN_SETTLE_MS). */
export async function inlineRunsSettled(): Promise<void> {
  const deadline = Date.now() + RUN_SETTLE_MS;
  while (inlineRuns.size > 0 && Date.now() < deadline) {
    await Promise.race([Promise.all([...inlineRuns]), new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())))]);
  }
}

/** The stack's operations, each after earlier inline runs of this process have ended. */
function serialized(stack: Stack): Stack {
  for (const name of ["up", "preview", "refresh", "destroy"] as const) {
    const operation = (stack[name] as (...args: unknown[]) => Promise<unknown>).bind(stack);
    (stack as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      await inlineRunsSettled();
      return operation(...args);
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
  trackInlineRuns();
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: "test", projectName: project, program: async () => (await program()) as Record<string, unknown> | void },
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
    stack: serialized(stack),
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

/** Counts of resource operations in an engine summary, e.g. { create: 2 }. */
export function changes(summary: { resourceChanges?: Record<string, number> }): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(summary.resourceChanges ?? {})) if (k !== "same") out[k] = n;
  return out;
}
