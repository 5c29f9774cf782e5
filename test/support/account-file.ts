/**
 * Helpers for account-file engine tests: a temp copy of an account file beside the example
 * PDFs, YAML edits that keep comments and order, the inline program that deploys a file,
 * and the real `pulumi` CLI on a test stack (for commands the Automation API lacks).
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type * as pulumi from "@pulumi/pulumi";
import { parseDocument } from "yaml";
import { deployAccount, loadAccountFile } from "../../provider/account-file";
import { localBackendEnv, pulumiBinDir, repoRoot, TestStack } from "../engine/support/engine";

/** A temp dir holding examples/files and `account.yaml` (the repo's, or the given text). */
export function accountDir(text?: string): { dir: string; file: string; dispose(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-account-"));
  fs.cpSync(path.join(repoRoot, "examples", "files"), path.join(dir, "examples", "files"), { recursive: true });
  const file = path.join(dir, "account.yaml");
  if (text === undefined) fs.copyFileSync(path.join(repoRoot, "account.yaml"), file);
  else fs.writeFileSync(file, text);
  return { dir, file, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Edits the YAML file in place through its document (comments and order kept). */
export function editYaml(file: string, fn: (doc: ReturnType<typeof parseDocument>) => void): void {
  const doc = parseDocument(fs.readFileSync(file, "utf8"));
  fn(doc);
  fs.writeFileSync(file, doc.toString());
}

/** The inline program: deploys the file `accountFile()` names at run time. */
export function accountProgram(accountFile: () => string, opts?: () => pulumi.CustomResourceOptions) {
  return () => {
    const deployed = deployAccount(loadAccountFile(accountFile()), opts?.());
    return { faxLines: deployed.faxLines, apiApps: deployed.apiApps, templates: deployed.templates, members: deployed.members };
  };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI with the given environment; never throws on a non-zero exit. */
export function runPulumi(args: string[], cwd: string, env: Record<string, string | undefined>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(path.join(pulumiBinDir(), "pulumi"), args, { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** The CLI on a TestStack (its backend, passphrase and PATH). */
export function stackCli(t: TestStack, args: string[]): Promise<CliResult> {
  const ws = t.stack.workspace as unknown as { envVars: Record<string, string>; workDir: string };
  return runPulumi([...args, "--stack", t.stack.name], ws.workDir, ws.envVars);
}

/** `pulumi state unprotect --all`: protected fax lines would otherwise stop a test stack's destroy. */
export async function unprotectAll(t: TestStack): Promise<void> {
  const r = await stackCli(t, ["state", "unprotect", "--all", "--yes"]);
  if (r.code !== 0) throw new Error(`pulumi state unprotect failed: ${r.stderr || r.stdout}`);
}

/**
 * A stack of the repo's top-level program (Pulumi.yaml, index.ts) driven by the real CLI, as
 * a person or a CI job runs it: its own file backend, a unique stack name (its
 * Pulumi.<stack>.yaml sits in the repo root until remove()), credentials by environment.
 */
export interface TopLevelStack {
  name: string;
  /** The engine's environment (backend, passphrase, PATH, ESIGN_*). */
  env: Record<string, string>;
  /** `pulumi <args>` in the repo root on this stack's backend. */
  run(...args: string[]): Promise<CliResult>;
  remove(): Promise<void>;
}

export async function topLevelStack(service: { baseUrl: string; apiKey: string }, stackName = `test-${Math.random().toString(16).slice(2, 10)}`): Promise<TopLevelStack> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "esign-toplevel-"));
  const env = {
    ...localBackendEnv(tmp),
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
    ESIGN_BASE_URL: service.baseUrl,
    ESIGN_API_KEY: service.apiKey,
    ESIGN_REQUESTS_PER_MINUTE: "60000",
  };
  const run = (...args: string[]) => runPulumi([...args, "--non-interactive"], repoRoot, env);
  return {
    name: stackName,
    env,
    run,
    async remove() {
      try {
        await run("stack", "rm", "--yes", "--force", "--stack", stackName);
      } finally {
        fs.rmSync(path.join(repoRoot, `Pulumi.${stackName}.yaml`), { force: true });
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}

/** Stack frames, ANSI colours, the SDK's unhandled-exception frame: none belongs in a user's error. */
export function noiseIn(output: string): string[] {
  const found: string[] = [];
  if (/^\s+at .+[(:]\d+/m.test(output)) found.push("stack frames");
  // eslint-disable-next-line no-control-regex -- the escape character is what is looked for
  if (/\u001b\[/.test(output)) found.push("ANSI colour codes");
  if (/unhandled exception/.test(output)) found.push("unhandled exception frame");
  if (/issues: \[/.test(output)) found.push("dump of issues");
  return found;
}
