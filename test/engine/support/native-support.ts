/**
 * Shared parts of the native plugin's engine tests: the plugin on PATH, a program of all seven
 * resources written once over a set of resource classes (the dynamic ones, or the native
 * `esign:index:*` types), and the API calls of a run as a comparable list.
 */
import { execFileSync } from "child_process";
import * as path from "path";
import type { ResourceClasses } from "../../../provider/resources/classes";
import { pulumiBinDir, repoRoot } from "./engine";

let pluginDir: string | undefined;

/** The folder of `pulumi-resource-esign` (scripts/ensure-plugin builds dist/ when needed). */
export function pluginBinDir(): string {
  pluginDir ??= execFileSync(path.join(repoRoot, "scripts", "ensure-plugin"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })
    .trim()
    .split("\n")
    .pop()!;
  return pluginDir;
}

/** Stack environment that lets the engine find the plugin (ambient, on PATH). */
export function pluginEnv(): Record<string, string> {
  return { PATH: `${pluginBinDir()}:${pulumiBinDir()}:${process.env.PATH}` };
}

export const pdf = path.join(repoRoot, "examples", "files", "nda.pdf");
export const fields = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];
export const ALICE = "alice@example.com";
export const appArgs = {
  name: "Portal",
  domains: ["portal.example.com"],
  oauth: { callbackUrl: "https://portal.example.com/oauth", scopes: ["basic_account_info"] },
};

/** One program, any host: the seven resources, built with the given classes. */
export function allSeven(c: ResourceClasses) {
  const team = new c.Team("team", { name: "Ops" });
  const alice = new c.TeamMember("alice", { teamId: team.teamId, emailAddress: ALICE, role: "Admin" }, { dependsOn: [team] });
  const app = new c.ApiApp("portal", appArgs);
  const template = new c.Template("nda", { title: "NDA", files: [pdf], signerRoles: [{ name: "Client", order: 0 }], formFieldsPerDocument: fields });
  new c.TemplateAccess("nda:alice", { templateId: template.templateId, emailAddress: ALICE }, { dependsOn: [alice] });
  const line = new c.FaxLine("main", { areaCode: 415, country: "US", city: "San Francisco" });
  new c.FaxLineUser("main:alice", { number: line.number, emailAddress: ALICE }, { dependsOn: [alice] });
  return { teamId: team.teamId, clientId: app.clientId, oauthSecret: app.oauthSecret, templateId: template.templateId, number: line.number };
}

/** API calls as sorted operation ids (ids differ between services; what is called must not). */
export function operations(requests: { operation: string | null; method: string; path: string }[]): string[] {
  return requests.map((r) => r.operation ?? `${r.method} ${r.path}`).sort();
}
