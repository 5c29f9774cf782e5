/**
 * A stand-in for the plugin's release host, and a user's machine that has never seen this
 * checkout: the plugin's linux-amd64 archive (scripts/build-plugin) served over HTTP on
 * 127.0.0.1, the engine pointed there by PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES (it matches the
 * SDK's `github://api.github.com/esign/pulumi-esign` and fetches `<url>/<archive name>`, as
 * sdk/go/common/workspace/plugins.go forms it), a fresh PULUMI_HOME, and a PATH holding only the
 * `pulumi` CLI and what the program's language needs (its `tools`: node and npm for TypeScript,
 * pulumi-language-yaml for YAML, go for Go; never node otherwise, never bin/). Each program kind
 * (Python, YAML, TypeScript, Go: plugin-*.test.ts) is a `ReleaseProgram`; `runFromRelease` runs it
 * and counts what the engine downloaded. `releaseFolder` is the one release folder of a test
 * process (the linux-amd64 archive, the Node SDK's tarball), built once and shared by the suites.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as http from "http";
import type { AddressInfo } from "net";
import * as path from "path";
import * as assert from "assert";
import { localBackendEnv, pulumiBinDir, repoRoot } from "../engine/support/engine";
import type { LocalService } from "../support/local";
import { tempDir } from "./support";

export const VERSION: string = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")).version;
export const SDK_DOWNLOAD_URL = "github://api.github.com/esign/pulumi-esign";

/** The archives scripts/build-plugin writes for `targets` into `out` (cached builds: fast when unchanged). */
export function buildPluginArchives(out: string, targets: string[]): string[] {
  const stdout = execFileSync(path.join(repoRoot, "scripts", "build-plugin"), ["--out", out, "--targets", targets.join(",")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 16 << 20,
  });
  return stdout.trim().split("\n");
}

let shared: string | undefined;
/** This process's release folder with the linux-amd64 archive (built once; removed at exit). */
export function releaseFolder(): string {
  if (shared) return shared;
  const dir = tempDir("releases");
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  const [archive] = buildPluginArchives(dir, ["linux-amd64"]);
  const expected = `pulumi-resource-esign-v${VERSION}-linux-amd64.tar.gz`;
  if (path.basename(archive) !== expected) throw new Error(`scripts/build-plugin wrote ${archive}, not ${expected}`);
  return (shared = dir);
}

let wheel: string | undefined;
/** The release's `pulumi_esign-<version>-py3-none-any.whl` (and sdist), built as scripts/release builds them, added once. */
export function releaseSdkWheel(): string {
  if (wheel) return wheel;
  const out = execFileSync(path.join(repoRoot, "scripts", "build-sdk-python"), ["--out", releaseFolder()], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  return (wheel = out.trim().split("\n").pop()!);
}

let packedSdk: string | undefined;
/** The release's `esign-pulumi-<version>.tgz` (scripts/release's way: build-sdk-nodejs, npm pack), added once. */
export function releaseSdkTarball(): string {
  if (packedSdk) return packedSdk;
  const dir = releaseFolder();
  const bin = execFileSync(path.join(repoRoot, "scripts", "build-sdk-nodejs"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })
    .trim()
    .split("\n")
    .pop()!;
  execFileSync("npm", ["pack", "--silent", "--pack-destination", dir, bin], { stdio: ["ignore", "ignore", "inherit"] });
  const tarball = path.join(dir, `esign-pulumi-${VERSION}.tgz`);
  if (!fs.existsSync(tarball)) throw new Error(`npm pack of ${bin} wrote no ${path.basename(tarball)} into ${dir}`);
  return (packedSdk = tarball);
}

export type Step = "up" | "preview" | "destroy";

/** One kind of user program, run step by step in the environment given (the engine's). */
export interface ReleaseProgram {
  name: string;
  /** Commands the user has besides `pulumi`, linked onto the engine's PATH: name -> executable. */
  tools?: Record<string, string>;
  /** Runs once before the steps (install packages, make the stack), in the engine's environment. */
  prepare?(env: Record<string, string>, workDir: string): Promise<void>;
  /** Runs `step`; returns its resource changes without "same", e.g. { create: 4 }. */
  run(step: Step, env: Record<string, string>, workDir: string): Promise<Record<string, number>>;
}

export interface ReleaseRun {
  /** The changes of up, preview and destroy, in that order. */
  changes: Record<Step, Record<string, number>>;
  /** Every request the release host answered, as "GET /path". */
  requests: string[];
  /** How often the linux-amd64 archive itself was downloaded. */
  archiveDownloads: number;
  /** What the engine installed into the fresh PULUMI_HOME (`plugins/` entries). */
  installed: string[];
  /** The commands on the engine's PATH (its one folder's entries), sorted. */
  commands: string[];
}

interface ReleaseHost {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** Serves the files of `dir` by name under /download/, counting every request. */
async function serveReleases(dir: string): Promise<ReleaseHost> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const name = decodeURIComponent((req.url ?? "").replace(/^\/download\//, ""));
    const file = path.join(dir, path.basename(name));
    if (req.method !== "GET" || !req.url?.startsWith("/download/") || !fs.existsSync(file)) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": "application/gzip", "content-length": fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/download`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A PATH directory holding only a link to the pinned `pulumi` CLI, and links to `tools` (name -> executable). */
export function cliOnlyPath(dir: string, tools: Record<string, string> = {}): string {
  const bin = path.join(dir, "cli-only");
  fs.mkdirSync(bin, { recursive: true });
  for (const [name, target] of Object.entries({ pulumi: path.join(pulumiBinDir(), "pulumi"), ...tools })) {
    if (!fs.existsSync(target)) throw new Error(`${name}: no executable at ${target}`);
    fs.symlinkSync(target, path.join(bin, name));
  }
  return bin;
}

/** Where `name` is on this process's PATH (the user's own toolchain, e.g. npm or go). */
export function onPath(name: string): string {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    const file = path.join(dir, name);
    if (dir && fs.existsSync(file)) return file;
  }
  throw new Error(`${name}: not on PATH`);
}

/**
 * The engine's environment on a user's machine: the backend and a fresh PULUMI_HOME of
 * localBackendEnv, PATH with only the CLI, and the SDK's download URL redirected to `hostUrl`.
 */
export function userMachineEnv(dir: string, hostUrl: string, tools: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  // Nothing of the test's own environment that could lead the engine to a plugin or a Node.js.
  for (const key of ["HOME", "LANG", "TMPDIR", "USER"]) if (process.env[key]) env[key] = process.env[key]!;
  return {
    ...env,
    ...localBackendEnv(dir),
    PATH: cliOnlyPath(dir, tools),
    PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${SDK_DOWNLOAD_URL.replace(/[.]/g, "\\.")}$=${hostUrl}`,
  };
}

/** Runs `program`'s up, preview and destroy against a release host serving `releaseDir`. */
export async function runFromRelease(program: ReleaseProgram, releaseDir: string): Promise<ReleaseRun> {
  const dir = tempDir(`release-${program.name}`);
  const host = await serveReleases(releaseDir);
  try {
    const env = userMachineEnv(dir, host.url, program.tools);
    const workDir = path.join(dir, "work");
    fs.mkdirSync(workDir);
    await program.prepare?.(env, workDir);
    const changes = {} as ReleaseRun["changes"];
    for (const step of ["up", "preview", "destroy"] as Step[]) changes[step] = await program.run(step, env, workDir);
    const archive = `/download/pulumi-resource-esign-v${VERSION}-linux-amd64.tar.gz`;
    return {
      changes,
      requests: [...host.requests],
      archiveDownloads: host.requests.filter((r) => r === `GET ${archive}`).length,
      commands: fs.readdirSync(env.PATH).sort(),
      installed: fs.readdirSync(path.join(env.PULUMI_HOME, "plugins")).filter((e) => !e.endsWith(".lock") && !e.endsWith(".partial")),
    };
  } finally {
    await host.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Each of `operations` succeeded on `svc`: the program really made (and removed) its objects there. */
export async function assertSucceeded(svc: LocalService, operations: string[]): Promise<void> {
  const log = await svc.requestsSince(0);
  for (const op of operations) {
    assert.ok(
      log.some((r) => r.operation === op && r.status < 300),
      `${op} not among ${[...new Set(log.map((r) => r.operation))].join(", ")}`,
    );
  }
}
