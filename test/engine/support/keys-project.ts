/**
 * A small Pulumi project directory (a team and an API app) driven through the real CLI, for
 * the key-rotation and account-pin engine tests: `pulumi` and `esign drift` as a user runs them.
 */
import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";
import { CliResult, runPulumi } from "../../support/account-file";
import { localBackendEnv, repoRoot } from "./engine";
import type { LocalService } from "../../support/local";

export interface KeysProject {
  dir: string;
  env: Record<string, string>;
  pulumi(...args: string[]): Promise<CliResult>;
  /** `esign drift` (the compiled CLI) in DIR. */
  drift(...args: string[]): Promise<CliResult>;
  /** The URNs in the stack's state, sorted. */
  urns(): Promise<string[]>;
  dispose(): void;
}

export async function keysProject(svc: LocalService, name: string): Promise<KeysProject> {
  // Inside the repository, so the program resolves pulumi-esign like an installed project.
  const dir = path.join(repoRoot, ".pulumi-local", `${name}-${crypto.randomBytes(4).toString("hex")}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n`);
  fs.writeFileSync(
    path.join(dir, "index.js"),
    [
      'const esign = require("pulumi-esign");',
      'new esign.Team("team", { name: "Ops" });',
      'const app = new esign.ApiApp("portal", { name: "Portal", domains: ["portal.example.com"] });',
      "exports.clientId = app.clientId;",
      "",
    ].join("\n"),
  );
  const env = localBackendEnv(dir);
  const pulumi = (...args: string[]) => runPulumi(args, dir, env);
  const init = await pulumi("stack", "init", "test");
  if (init.code !== 0) throw new Error(init.stderr);
  await pulumi("config", "set", "esign:baseUrl", svc.baseUrl);
  await pulumi("config", "set", "esign:requestsPerMinute", "60000");
  return {
    dir,
    env,
    pulumi,
    drift: (...args) =>
      new Promise<CliResult>((resolve) => {
        require("child_process").execFile(
          process.execPath,
          [path.join(repoRoot, "dist", "provider", "cli", "esign.js"), "drift", ...args],
          { cwd: dir, env: { ...process.env, ...env } },
          (error: { code?: number } | null, stdout: string, stderr: string) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
      }),
    async urns() {
      const exported = await pulumi("stack", "export");
      return (JSON.parse(exported.stdout).deployment.resources ?? []).map((r: { urn: string }) => r.urn).sort();
    },
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The lines of a CLI run that look like a stack trace or an unhandled exception. */
export function traceLines(r: CliResult): string[] {
  return `${r.stdout}\n${r.stderr}`.split("\n").filter((l) => /^\s+at \S|Unhandled exception|EsignApiError:/.test(l));
}
