/**
 * What `esign recover` reads of a project and its stack through the pulumi CLI (cli.ts): the
 * project's name, the stack's backend, config, history and export. Each answer is parsed with a
 * schema of the keys read, so a CLI that writes something else fails in one line here.
 */
import * as fs from "fs";
import * as path from "path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { mustPulumi, pulumi } from "./cli";
import { parseExport, type ExportedDeployment } from "./export";

/** The project's file in `dir`: Pulumi.yaml (or .yml); undefined when there is none. */
export function projectFile(dir: string): string | undefined {
  return ["Pulumi.yaml", "Pulumi.yml"].map((f) => path.join(dir, f)).find((file) => fs.existsSync(file));
}

const project = z.looseObject({ name: z.string().optional() }).catch({});

/** The project's name from its Pulumi.yaml (or .yml); undefined when there is none. */
export function projectName(dir: string): string | undefined {
  const file = projectFile(dir);
  return file && project.parse(parseYaml(fs.readFileSync(file, "utf8"))).name;
}

/** The backend URL the CLI uses in `dir` (`pulumi whoami`), else PULUMI_BACKEND_URL, else "". */
export async function backendUrl(dir: string): Promise<string> {
  const who = await pulumi(dir, ["whoami", "--json"]);
  if (who.code !== 0) return process.env.PULUMI_BACKEND_URL ?? "";
  return z.looseObject({ url: z.string().optional() }).parse(JSON.parse(who.stdout)).url ?? "";
}

/** The stack's config, secrets decrypted: key -> value (`esign:apiKey` -> ...). */
export async function stackConfig(dir: string, stack: string): Promise<Record<string, string | undefined>> {
  const text = await mustPulumi(dir, ["config", "--json", "--show-secrets", "--stack", stack], "pulumi config");
  // A structured value (objectValue) is no setting esign reads: undefined.
  const entries = z.record(z.string(), z.looseObject({ value: z.string().optional().catch(undefined) })).parse(JSON.parse(text));
  return Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, v.value]));
}

const history = z.array(z.looseObject({ endTime: z.union([z.string(), z.number()]).optional().catch(undefined) }));

/** Seconds: when the stack's last finished update ended (a cut-off run began after it). */
export async function lastUpdateEnd(dir: string, stack: string): Promise<number | undefined> {
  const r = await pulumi(dir, ["stack", "history", "--json", "--stack", stack]);
  if (r.code !== 0) return undefined;
  const ends = history
    .parse(JSON.parse(r.stdout || "[]"))
    .map((u) => (typeof u.endTime === "number" ? u.endTime : Date.parse(String(u.endTime ?? "")) / 1000))
    .filter((t) => Number.isFinite(t) && t > 0);
  return ends.length ? Math.max(...ends) : undefined;
}

/** `pulumi stack export` (with `--show-secrets`: decrypted): its text, as a later export is compared with it, and the deployment. */
export async function exportStack(dir: string, stack: string, showSecrets = false): Promise<{ text: string; exported: ExportedDeployment }> {
  const text = await mustPulumi(dir, ["stack", "export", ...(showSecrets ? ["--show-secrets"] : []), "--stack", stack], "pulumi stack export");
  return { text, exported: parseExport(text) };
}
