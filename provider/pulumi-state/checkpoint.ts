/**
 * The stack's pending creates as a provider process can see them during an update.
 *
 * The engine tells a provider nothing of them: a create request carries the inputs (the dynamic
 * host's not even the URN), and the previous run's pending creates stay in the engine's base
 * snapshot, which only the CLI reads. What a provider process has: the CLI's environment
 * (PULUMI_BACKEND_URL or PULUMI_HOME's credentials.json for the backend), PULUMI_PROJECT (set by
 * the engine for every provider plugin), and, on a file backend, the files themselves: the
 * update's lock (`.pulumi/locks/organization/<project>/<stack>/<id>.json`, naming the CLI's pid
 * and host) tells which stack is being updated, and its checkpoint
 * (`.pulumi/stacks/<project>/<stack>.json`) still holds the cut-off run's pending creates (the
 * engine carries them into every snapshot it writes). Other backends: nothing can be seen, and
 * undefined is returned (DECISIONS D96).
 */
import * as fs from "fs";
import * as path from "path";
import * as zlib from "zlib";
import { z } from "zod";
import { procStatFields } from "../core/proc-stat";
import { fileBackendRoot } from "./backend";
import { deploymentSchema, type ExportedDeployment } from "./export";
import { localPid, lockedStacks, lockFiles, stackLockDir } from "./locks";

/** This process's ancestors' pids (Linux /proc; elsewhere only the parent). */
function ancestors(): Set<number> {
  const out = new Set<number>([process.ppid]);
  let pid = process.ppid;
  for (let i = 0; i < 8 && pid > 1; i++) {
    const parent = procStatFields(pid)?.[1];
    if (parent === undefined) break;
    pid = Number(parent);
    out.add(pid);
  }
  return out;
}

/** The stack whose update holds a lock taken by one of this process's ancestors (the CLI that launched the provider). */
function lockedStack(root: string, project: string): string | undefined {
  const mine = ancestors();
  return lockedStacks(root, project).find((stack) =>
    lockFiles(stackLockDir(root, project, stack)).some((l) => {
      const pid = localPid(l);
      return pid !== undefined && mine.has(pid);
    }),
  );
}

const checkpointFile = z.looseObject({ version: z.number(), checkpoint: z.looseObject({ latest: deploymentSchema.optional() }).optional() });

/** A checkpoint file (plain or gzipped) as an export; undefined when there is none or it is not one. */
function readCheckpoint(file: string): ExportedDeployment | undefined {
  for (const [name, decode] of [
    [file, (b: Buffer) => b],
    [`${file}.gz`, (b: Buffer) => zlib.gunzipSync(b)],
  ] as const) {
    try {
      const parsed = checkpointFile.parse(JSON.parse(decode(fs.readFileSync(name)).toString("utf8")));
      return parsed.checkpoint?.latest ? { version: parsed.version, deployment: parsed.checkpoint.latest } : undefined;
    } catch {
      // next form
    }
  }
  return undefined;
}

/**
 * The stack a `pulumi` ancestor names on its command line (`--stack x`, `-s x`, `--stack=x`;
 * `org/project/x` is `x`): a preview takes no lock, and the Automation API and CI name the stack
 * (a key renamed without aliases is refused at its check: D125). Linux /proc only.
 */
function namedStack(): string | undefined {
  for (const pid of ancestors()) {
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    if (path.basename(args[0] ?? "") !== "pulumi") continue;
    const at = args.findIndex((a) => a === "--stack" || a === "-s");
    const named = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith("--stack="))?.slice("--stack=".length);
    if (named) return named.split("/").pop();
  }
  return undefined;
}

/** The deployment of the stack this provider process serves, when it can be read (file backends). */
export function currentCheckpoint(env: NodeJS.ProcessEnv = process.env): ExportedDeployment | undefined {
  const project = env.PULUMI_PROJECT ?? env.PULUMI_NODEJS_PROJECT;
  const root = fileBackendRoot(env);
  if (!project || !root) return undefined;
  const stack = lockedStack(root, project) ?? namedStack();
  if (!stack) return undefined;
  return readCheckpoint(path.join(root, ".pulumi", "stacks", project, `${stack}.json`));
}
