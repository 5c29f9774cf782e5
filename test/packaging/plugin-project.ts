/**
 * A Pulumi project as a user runs it: files in a folder, their package manager's install, then
 * the `pulumi` CLI itself (`stack init`, `config set`, `up`, `preview`, `destroy`), every command
 * in the engine's environment of runFromRelease (the user's PATH: the CLI and the language's own
 * tools). The TypeScript and YAML install paths (plugin-typescript.test.ts, plugin-yaml.test.ts).
 */
import * as fs from "fs";
import * as path from "path";
import type { ReleaseProgram, Step } from "./plugin-release";
import { runOk } from "./support";

export interface CliProject {
  name: string;
  /** Commands besides `pulumi` on the user's PATH: name -> executable. */
  tools: Record<string, string>;
  /** The project's files, by path relative to its folder. */
  files: Record<string, string>;
  /** Files copied into the project folder: relative path -> source file. */
  copies?: Record<string, string>;
  /** Commands run in the project folder before the stack is made (e.g. npm install), each [command, ...args]. */
  install?: string[][];
  config: Record<string, { value: string; secret?: boolean }>;
}

const STEP_ARGS: Record<Step, string[]> = {
  up: ["up", "--yes", "--skip-preview"],
  preview: ["preview", "--expect-no-changes"],
  destroy: ["destroy", "--yes"],
};

/**
 * The counts of the CLI's "Resources:" summary without the unchanged ones, e.g. "+ 4 created"
 * or "+ 4 to create" -> { create: 4 }.
 */
export function summaryChanges(stdout: string): Record<string, number> {
  const block = /^Resources:\n((?:[ \t]+\S.*\n?)*)/m.exec(stdout);
  if (!block) throw new Error(`no "Resources:" summary in the CLI's output:\n${stdout.slice(-4000)}`);
  const out: Record<string, number> = {};
  for (const m of block[1].matchAll(/^\s*[-+~]*\s*(\d+) (?:to )?(create|delete|update|replace)d?\b/gm)) out[m[2]] = Number(m[1]);
  return out;
}

/** The project as a ReleaseProgram: prepare writes and installs it and makes the stack "test". */
export function cliProgram(project: CliProject): ReleaseProgram {
  const pulumi = (env: Record<string, string>, cwd: string, ...args: string[]) => runOk(path.join(env.PATH, "pulumi"), [...args, "--non-interactive"], { cwd, env });
  return {
    name: project.name,
    tools: project.tools,
    async prepare(env, workDir) {
      for (const [file, text] of Object.entries(project.files)) {
        fs.mkdirSync(path.dirname(path.join(workDir, file)), { recursive: true });
        fs.writeFileSync(path.join(workDir, file), text);
      }
      for (const [file, source] of Object.entries(project.copies ?? {})) fs.copyFileSync(source, path.join(workDir, file));
      // The user's own command, found on their PATH as their shell would.
      for (const [cmd, ...args] of project.install ?? []) await runOk(path.join(env.PATH, cmd), args, { cwd: workDir, env });
      await pulumi(env, workDir, "stack", "init", "test");
      for (const [key, v] of Object.entries(project.config)) {
        await pulumi(env, workDir, "config", "set", ...(v.secret ? ["--secret"] : []), key, v.value);
      }
    },
    async run(step, env, workDir) {
      return summaryChanges((await pulumi(env, workDir, ...STEP_ARGS[step])).stdout);
    },
  };
}
