/**
 * The pulumi CLI as `esign recover` uses it: the project's own `pulumi` on PATH, run in the
 * project directory with the caller's environment (backend URL, passphrase, ESIGN_*); and the
 * engine's error line, which `esign drift` reads from the Automation API's output too.
 */
import { execFile } from "child_process";

export interface PulumiResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function pulumi(dir: string, args: string[]): Promise<PulumiResult> {
  return new Promise((resolve) => {
    execFile("pulumi", args, { cwd: dir, env: process.env, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * The engine's `error:` lines of a command's output, each once, without the summary that only
 * repeats them ("update failed", "preview failed", "refresh failed").
 */
export function engineErrors(output: string): string[] {
  const lines = output
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.startsWith("error: "))
    .map((l) => l.slice("error: ".length));
  return [...new Set(lines)].filter((l) => !/^(preview|update|refresh) failed$/i.test(l));
}

/** The engine's `error:` lines of a failed command, or its last line. */
export function engineError(r: PulumiResult): string {
  const output = `${r.stderr}\n${r.stdout}`;
  return (
    engineErrors(output).join("; ") ||
    output
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean)
      .pop() ||
    `exit ${r.code}`
  );
}

/** Runs a command that must succeed; its output (stdout). */
export async function mustPulumi(dir: string, args: string[], what: string): Promise<string> {
  const r = await pulumi(dir, args);
  if (r.code !== 0) throw new Error(`${what} failed: ${engineError(r)}`);
  return r.stdout;
}
