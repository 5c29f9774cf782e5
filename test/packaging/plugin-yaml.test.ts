/**
 * The YAML install path from the release artifacts: the README's Pulumi YAML program
 * (its provider's `version` and `pluginDownloadURL` options), run with the `pulumi` CLI by a user
 * who has only the CLI and its YAML language host (pulumi-language-yaml, which a normal Pulumi
 * install has; scripts/ensure-pulumi-yaml builds it here): no node and nothing of this checkout
 * on PATH. The engine downloads the plugin from the release host (a local stand-in) once; up,
 * an unchanged preview and destroy work against the local service. (plugin-release.ts, D73.)
 */
import * as assert from "assert";
import * as path from "path";
import { yamlHostDir, readmeYamlProgram, readmeYamlProgramFor } from "../engine/yaml/project";
import { api, localService, type LocalService } from "../support/local";
import { cliProgram } from "./plugin-project";
import { releaseFolder, runFromRelease, VERSION, assertSucceeded } from "./plugin-release";

describe("the YAML install path: the README's program, the plugin from the release", function () {
  this.timeout(20 * 60_000);
  let svc: LocalService;

  before(async () => {
    releaseFolder();
    svc = await localService();
  });
  after(async () => svc?.close());

  it("the engine downloads the plugin once; up, an unchanged preview and destroy work, with no node on PATH", async () => {
    const name = /^name: (\S+)$/m.exec(readmeYamlProgram())![1];
    const program = cliProgram({
      name: "yaml",
      tools: { "pulumi-language-yaml": path.join(yamlHostDir(), "pulumi-language-yaml") },
      files: { "Pulumi.yaml": readmeYamlProgramFor(svc.baseUrl) },
      config: { ...svc.stackConfig(), [`${name}:apiKey`]: { value: svc.apiKey, secret: true } },
    });
    const run = await runFromRelease(program, releaseFolder());
    assert.deepStrictEqual(run.commands, ["pulumi", "pulumi-language-yaml"]);
    // The stack, the explicit provider, the team and the app (the default provider is not counted).
    assert.deepStrictEqual(run.changes.up, { create: 4 });
    assert.deepStrictEqual(run.changes.preview, {});
    assert.deepStrictEqual(run.changes.destroy, { delete: 4 });
    assert.strictEqual(run.archiveDownloads, 1, run.requests.join("\n"));
    // One plugin; pulumi-language-yaml keeps its schema cache beside it (D53), in the fresh PULUMI_HOME.
    assert.deepStrictEqual(
      run.installed.filter((e) => !e.startsWith("schema-")),
      [`resource-esign-v${VERSION}`],
    );
    assert.ok(
      run.installed.some((e) => e.startsWith(`schema-esign-${VERSION}`)),
      run.installed.join(", "),
    );
    await assertSucceeded(svc, ["team.create", "api_app.create", "api_app.delete", "team.destroy"]);
    assert.deepStrictEqual((await api(svc).get("/api_app/list")).data.api_apps, []);
  });
});
