/**
 * Helpers of the packaging tests: run a command and keep its output, pack this repo as
 * `npm publish` would, and find the current toolchain (scripts/current-toolchain).
 */
import { spawn, execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

export const repoRoot = path.resolve(__dirname, "..", "..");

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; never throws on a non-zero exit (the caller asserts). */
export function run(cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Like run, but a non-zero exit is an error that carries the command's output. */
export async function runOk(cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<RunResult> {
  const r = await run(cmd, args, opts);
  if (r.code !== 0) {
    throw new Error(`${cmd} ${args.join(" ")} exited ${r.code} in ${opts.cwd}\n--- stdout ---\n${r.stdout.slice(-8000)}\n--- stderr ---\n${r.stderr.slice(-8000)}`);
  }
  return r;
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `esign-${prefix}-`));
}

/** `npm pack` of this repo into dir (prepare builds dist/ first when it is stale); the tarball's path. */
export async function packRepo(dir: string): Promise<string> {
  const r = await runOk("npm", ["pack", "--json", "--pack-destination", dir], { cwd: repoRoot });
  const [info] = JSON.parse(r.stdout) as { filename: string }[];
  return path.join(dir, info.filename);
}

export interface CurrentToolchain {
  nodeBin: string;
  pulumiBin: string;
  /** The latest @pulumi/pulumi on the registry. */
  sdkVersion: string;
  /** The CLI's version: the SDK's, or the newest the Go module proxy serves (scripts/current-toolchain). */
  cliVersion: string;
}

/**
 * The current toolchain: from the environment when scripts/test resolved it already (it builds
 * the CLI before the suites start), otherwise from scripts/current-toolchain (may build).
 */
export function currentToolchain(): CurrentToolchain {
  const names = ["ESIGN_CURRENT_NODE_BIN", "ESIGN_CURRENT_PULUMI_BIN", "ESIGN_CURRENT_PULUMI_VERSION", "ESIGN_CURRENT_PULUMI_CLI_VERSION"];
  let vars: Record<string, string | undefined> = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  if (names.some((n) => !vars[n])) {
    const out = execFileSync(path.join(repoRoot, "scripts", "current-toolchain"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
    vars = Object.fromEntries(
      out
        .trim()
        .split("\n")
        .map((l) => l.split(/=(.*)/s, 2) as [string, string]),
    );
  }
  for (const n of names) if (!vars[n]) throw new Error(`scripts/current-toolchain gave no ${n}`);
  return {
    nodeBin: vars.ESIGN_CURRENT_NODE_BIN!,
    pulumiBin: vars.ESIGN_CURRENT_PULUMI_BIN!,
    sdkVersion: vars.ESIGN_CURRENT_PULUMI_VERSION!,
    cliVersion: vars.ESIGN_CURRENT_PULUMI_CLI_VERSION!,
  };
}
