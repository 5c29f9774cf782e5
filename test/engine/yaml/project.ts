/**
 * Pulumi YAML projects through the real CLI: a project written into a directory (by default
 * examples/yaml beside a copy of examples/files, as a user's checkout has them), a stack of it
 * through the Automation API's LocalWorkspace (workDir, file backend in a temp dir, the CLI and
 * pulumi-language-yaml on PATH, the native plugin too, through a link of the stack's own), and
 * the usual steps (a preview, up, an unchanged preview, destroy) with the API calls each one
 * made on the local service.
 * Reusable by other suites: give another CLI folder, another plugin folder (or none, for a
 * plugin the engine downloads), or edit the project text.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { LocalWorkspace, PulumiCommand, Stack } from "@pulumi/pulumi/automation";
import { changes, localBackendEnv, pulumiBinDir, repoRoot } from "../support/engine";
import type { LocalService } from "../../support/local";
import { operations, pluginBinDir } from "../support/native-support";

export const exampleDir = path.join(repoRoot, "examples", "yaml");

/** The folder of pulumi-language-yaml for this CLI folder (scripts/ensure-pulumi-yaml builds it once). */
export function yamlHostDir(cliDir = pulumiBinDir()): string {
  const out = execFileSync(path.join(repoRoot, "scripts", "ensure-pulumi-yaml"), [cliDir], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const dir = out.trim().split("\n").pop()!;
  if (!fs.existsSync(path.join(dir, "pulumi-language-yaml"))) throw new Error(`ensure-pulumi-yaml gave no pulumi-language-yaml in ${dir}`);
  return dir;
}

/**
 * Writes a YAML project into `dir/project` (examples/yaml, its Pulumi.yaml passed through
 * `edit`) and the example PDFs into `dir/files` (the project names `../files/...`). Returns
 * the project folder.
 */
export function writeYamlProject(dir: string, edit: (pulumiYaml: string) => string = (t) => t): string {
  const project = path.join(dir, "project");
  fs.cpSync(exampleDir, project, { recursive: true, filter: (src) => !/^Pulumi\..+\.yaml$/.test(path.basename(src)) });
  fs.cpSync(path.join(repoRoot, "examples", "files"), path.join(dir, "files"), { recursive: true });
  const file = path.join(project, "Pulumi.yaml");
  fs.writeFileSync(file, edit(fs.readFileSync(file, "utf8")));
  return project;
}

export interface YamlStackOptions {
  /** The CLI folder (default: the pinned CLI); pulumi-language-yaml is put beside it. */
  cliDir?: string;
  /** The folder of pulumi-resource-esign put on PATH (default: the checkout's bin/); null: none. */
  pluginDir?: string | null;
  /** Stack config; secret values stay secret. */
  config?: Record<string, { value: string; secret?: boolean }>;
  /** Folders put first on PATH (e.g. another Node.js for the plugin). */
  pathPrefix?: string[];
  /** Extra environment of the engine. */
  env?: Record<string, string>;
}

/** Stack config for examples/yaml on a local service: the default provider's and the explicit one's. */
export function exampleConfig(svc: LocalService): Record<string, { value: string; secret?: boolean }> {
  return {
    ...svc.stackConfig(),
    "esign-example-yaml:apiKey": { value: svc.apiKey, secret: true },
    "esign-example-yaml:baseUrl": { value: svc.baseUrl },
  };
}

/**
 * The plugin of `pluginDir` through a link in `stateDir/plugin/bin`: pulumi-language-yaml caches
 * a plugin's schema beside the plugin's folder (`schema-esign.json` in its parent), so a link of
 * the stack's own keeps that cache out of the checkout, where it would outlive a schema change.
 */
export function linkedPlugin(pluginDir: string, stateDir: string): string {
  const dir = path.join(stateDir, "plugin", "bin");
  fs.mkdirSync(dir, { recursive: true });
  const link = path.join(dir, "pulumi-resource-esign");
  fs.rmSync(link, { force: true });
  fs.symlinkSync(path.join(pluginDir, "pulumi-resource-esign"), link);
  return dir;
}

/** A stack "test" of the project in `projectDir`, its state in `stateDir` (made by localBackendEnv). */
export async function yamlStack(projectDir: string, stateDir: string, opts: YamlStackOptions = {}): Promise<Stack> {
  const cliDir = opts.cliDir ?? pulumiBinDir();
  const env = localBackendEnv(stateDir);
  const plugin = opts.pluginDir === null ? [] : [linkedPlugin(opts.pluginDir ?? pluginBinDir(), stateDir)];
  env.PATH = [...(opts.pathPrefix ?? []), ...plugin, cliDir, yamlHostDir(cliDir), process.env.PATH].join(":");
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: "test", workDir: projectDir },
    {
      pulumiCommand: await PulumiCommand.get({ root: path.dirname(cliDir), skipVersionCheck: true }),
      envVars: { ...env, ...opts.env },
    },
  );
  for (const [key, v] of Object.entries(opts.config ?? {})) await stack.setConfig(key, { value: v.value, secret: v.secret ?? false });
  return stack;
}

/** `pulumi stack export` as a person sees it: secrets encrypted (the Automation API's exportStack decrypts them). */
export function exportText(stack: Stack): string {
  const ws = stack.workspace as unknown as { envVars: Record<string, string>; workDir: string; pulumiCommand: { command: string } };
  return execFileSync(ws.pulumiCommand.command, ["stack", "export", "--stack", stack.name], {
    cwd: ws.workDir,
    env: { ...process.env, ...ws.envVars },
    encoding: "utf8",
  });
}

/** The API calls of each step of examples/yaml on a seeded service (sorted operation ids). */
export const EXAMPLE_CALLS = {
  // getAccount has no inputs, so it runs at preview; getTemplate waits for the template's id. The
  // explicit provider, new, records its key's account at its first CheckConfig (D84).
  firstPreview: ["account.get", "account.get"],
  up: [
    // One account read per provider process (the pin, D31; the default one's shared with getAccount).
    "account.get",
    "account.get",
    // The component's app and the portal; each create first lists apps (names are unique), then
    // reads the new app once (the read-after-create lag, D120: more only while the service hides it).
    "api_app.create",
    "api_app.create",
    "api_app.get",
    "api_app.get",
    "api_app.list",
    "api_app.list",
    "fax_line.add_user",
    "fax_line.create",
    "fax_line.create",
    "fax_line.get",
    // A fax line create and a template create read the list first, once per run (D92).
    "fax_line.list",
    // The adopted team (GET /team, /team/info); bob: the team's people (GET /team, and /team/info
    // for the id: GET /team carries none, as recorded), then his invitation.
    "team.add_member",
    "team.get",
    "team.get",
    "team.info",
    "team.info",
    "template.add_user",
    "template.create",
    "template.files_as_file_url",
    "template.files_as_file_url",
    "template.get",
    "template.get",
    "template.get",
    "template.list",
  ],
  // The two lookups answer whenever the program runs.
  preview: ["account.get", "template.get"],
  // No team.destroy: the adopted team is retained.
  destroy: [
    "account.get",
    "account.get",
    "api_app.delete",
    "api_app.delete",
    "fax_line.delete",
    "fax_line.delete",
    "fax_line.remove_user",
    "team.remove_member",
    "template.delete",
    "template.remove_user",
  ],
};

export interface StepResult {
  /** Resource operations of the step (`same` left out), e.g. { create: 12 }. */
  changes: Record<string, number>;
  /** The service's API calls during the step, as sorted operation ids. */
  calls: string[];
  outputs?: Record<string, { value: any; secret: boolean }>;
}

/** A preview, up, a preview that must change nothing, then destroy; each with the API calls it made. */
export async function runYamlSteps(stack: Stack, svc: LocalService): Promise<Record<"firstPreview" | "up" | "preview" | "destroy", StepResult>> {
  const step = async <T>(run: () => Promise<T>): Promise<[T, string[]]> => {
    const seq = await svc.lastSeq();
    const result = await run();
    return [result, operations(await svc.requestsSince(seq))];
  };
  const [first, firstCalls] = await step(() => stack.preview());
  const [up, upCalls] = await step(() => stack.up());
  const [preview, previewCalls] = await step(() => stack.preview({ expectNoChanges: true }));
  const [destroy, destroyCalls] = await step(() => stack.destroy());
  return {
    firstPreview: { changes: changes({ resourceChanges: first.changeSummary }), calls: firstCalls },
    up: { changes: changes(up.summary), calls: upCalls, outputs: up.outputs },
    preview: { changes: changes({ resourceChanges: preview.changeSummary }), calls: previewCalls },
    destroy: { changes: changes(destroy.summary), calls: destroyCalls },
  };
}

/** The README's first yaml block that is a project (`runtime: yaml`), as written there. */
export function readmeYamlProgram(): string {
  const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
  const block = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => /^runtime: yaml$/m.test(b));
  if (!block) throw new Error("README.md has no yaml block with runtime: yaml");
  return block;
}

/** The README's program with the service's URL beside the explicit provider's key (it reads only its own inputs). */
export function readmeYamlProgramFor(baseUrl: string): string {
  return readmeYamlProgram().replace(/^( +)apiKey: .*$/m, (line, indent) => `${line}\n${indent}baseUrl: ${baseUrl}`);
}
