/**
 * The YAML program (native plugin) the recover suites cut off: its template goes through an
 * explicit provider holding a second account's key (`otherKey`), its fax line through the
 * default provider (the stack's `esign:apiKey`). Shared by yaml.test.ts (recover) and
 * plain-up.test.ts (a plain `up` after the cut-off run).
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { LocalService } from "../../support/local";
import { localBackendEnv, pulumiBinDir } from "../support/engine";
import { fields, pdf, pluginBinDir } from "../support/native-support";
import { linkedPlugin, yamlHostDir } from "../yaml/project";
import { cutStack, type CutProject } from "./cut-project";

export const roles = [{ name: "Client", order: 0 }];

const program = (name: string, baseUrl: string) => `name: ${name}
runtime: yaml
config:
  otherKey:
    type: string
    secret: true
resources:
  other:
    type: pulumi:providers:esign
    properties:
      apiKey: \${otherKey}
      baseUrl: ${baseUrl}
      requestsPerMinute: 60000
  nda:
    type: esign:index:Template
    properties:
      title: NDA
      files: [nda.pdf]
      signerRoles: ${JSON.stringify(roles)}
      formFieldsPerDocument: ${JSON.stringify(fields)}
    options:
      provider: \${other}
  line:
    type: esign:index:FaxLine
    properties:
      areaCode: 415
      country: US
outputs:
  templateId: \${nda.templateId}
  number: \${line.number}
`;

export interface TwoAccountYamlStack {
  p: CutProject;
  /** The explicit provider's account. */
  other: { api_key: string; account_id: string };
}

/** The project (`name`) in a fresh directory, its stack `test` configured, the second account made. */
export async function twoAccountYamlStack(svc: LocalService, name: string): Promise<TwoAccountYamlStack> {
  const other = await svc.control("POST", "/accounts", { email_address: "other@example.com", plan: "standard" });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `esign-${name}-`));
  const dir = path.join(root, "project");
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), program(name, svc.baseUrl));
  fs.copyFileSync(pdf, path.join(dir, "nda.pdf"));
  const env = localBackendEnv(root);
  env.PATH = [linkedPlugin(pluginBinDir(), root), pulumiBinDir(), yamlHostDir(), process.env.PATH].join(":");
  const p = cutStack(svc, { dir, env, stack: "test", dispose: () => fs.rmSync(root, { recursive: true, force: true }) });
  const init = await p.pulumi("stack", "init", "test");
  assert.strictEqual(init.code, 0, init.stderr);
  for (const args of [
    ["--secret", "esign:apiKey", svc.apiKey],
    ["esign:baseUrl", svc.baseUrl],
    ["esign:requestsPerMinute", "60000"],
    ["--secret", "otherKey", other.api_key],
  ]) {
    const set = await p.pulumi("config", "set", ...args, "--stack", "test");
    assert.strictEqual(set.code, 0, set.stderr);
  }
  return { p, other };
}
