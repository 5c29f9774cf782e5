/**
 * The README's Pulumi YAML program, as written there (its explicit provider pointed at the
 * local service), deploys through the real CLI (the native plugin on PATH, whatever version and
 * server its options name) and is destroyed.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { changes } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";
import { tempDir } from "../../packaging/support";
import { readmeYamlProgram as readmeProgram, readmeYamlProgramFor, writeYamlProject, yamlStack } from "./project";

describe("engine: the README's Pulumi YAML program", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let dir: string;

  before(async () => {
    svc = await localService();
    dir = tempDir("yaml-readme");
  });
  after(async () => {
    await svc?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("deploys its team, its app on the explicit provider and the lookup, then destroys them", async () => {
    // The explicit provider reads only its own inputs: the service's URL goes beside its key.
    const project = writeYamlProject(dir, () => readmeYamlProgramFor(svc.baseUrl));
    for (const f of ["account.yaml", "seed.json", "README.md"]) fs.rmSync(path.join(project, f));
    const name = /^name: (\S+)$/m.exec(readmeProgram())![1];
    const stack = await yamlStack(project, dir, { config: { ...svc.stackConfig(), [`${name}:apiKey`]: { value: svc.apiKey, secret: true } } });
    try {
      const up = await stack.up();
      assert.deepStrictEqual(changes(up.summary), { create: 4 }, "the stack, the provider, the team and the app");
      assert.strictEqual(up.outputs.accountId.value, svc.accountId);
      const http = api(svc);
      assert.strictEqual((await http.get("/team")).data.team.name, "Ops");
      assert.deepStrictEqual(
        (await http.get("/api_app/list")).data.api_apps.map((a: any) => a.name),
        ["Portal"],
      );
    } finally {
      await stack.destroy();
    }
    assert.deepStrictEqual((await api(svc).get("/api_app/list")).data.api_apps, []);
  });
});
