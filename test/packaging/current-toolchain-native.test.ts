/**
 * The native plugin on the current toolchain (scripts/current-toolchain: Node.js 24, the latest
 * @pulumi/pulumi, the newest CLI the Go module proxy serves, our language host built against
 * that CLI's sdk/v3): a user's JavaScript program on the generated Node SDK (sdk/nodejs, built
 * by scripts/build-sdk-nodejs and installed from its `npm pack` tarball beside the latest
 * @pulumi/pulumi) through `pulumi up` and our language host, and examples/yaml through
 * pulumi-language-yaml; up, an unchanged preview and destroy against a local service, with the
 * API calls the pinned toolchain makes for the same programs.
 */
import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { applySeed, readSeed } from "../../examples/local-seed";
import { api, localService, LocalService } from "../support/local";
import { ALICE, appArgs, fields, operations, pdf, pluginBinDir } from "../engine/support/native-support";
import { EXAMPLE_CALLS, exampleConfig, exampleDir, runYamlSteps, writeYamlProject, yamlStack } from "../engine/yaml/project";
import { currentToolchain, CurrentToolchain, repoRoot, run, runOk, tempDir } from "./support";

/** The seven resources and the account lookup, as a user writes them on the SDK package `sdk`. */
function programSource(sdk: string): string {
  return `const esign = require(${JSON.stringify(sdk)});
const team = new esign.Team("team", { name: "Ops" });
const alice = new esign.TeamMember("alice", { teamId: team.teamId, emailAddress: ${JSON.stringify(ALICE)}, role: "Admin" }, { dependsOn: [team] });
const app = new esign.ApiApp("portal", ${JSON.stringify(appArgs)});
const template = new esign.Template("nda", { title: "NDA", files: [${JSON.stringify(pdf)}], signerRoles: [{ name: "Client", order: 0 }], formFieldsPerDocument: ${JSON.stringify(fields)} });
new esign.TemplateAccess("nda:alice", { templateId: template.templateId, emailAddress: ${JSON.stringify(ALICE)} }, { dependsOn: [alice] });
const line = new esign.FaxLine("main", { areaCode: 415, country: "US", city: "San Francisco" });
new esign.FaxLineUser("main:alice", { number: line.number, emailAddress: ${JSON.stringify(ALICE)} }, { dependsOn: [alice] });
exports.accountId = esign.getAccountOutput().accountId;
exports.memberStatus = alice.status;
exports.oauthSecret = app.oauthSecret;
`;
}

describe("packaging: the native plugin on the current toolchain", function () {
  this.timeout(1_800_000);
  let tc: CurrentToolchain;

  before(() => {
    tc = currentToolchain();
  });

  describe("the generated Node SDK in a user's program", () => {
    let svc: LocalService;
    let work: string;
    let program: string;
    let env: NodeJS.ProcessEnv;
    const pulumiOk = (...args: string[]) => runOk("pulumi", [...args, "--non-interactive"], { cwd: program, env });
    /** A CLI step and the API calls it made. */
    const measured = async (...args: string[]) => {
      const seq = await svc.lastSeq();
      const r = await pulumiOk(...args);
      return { ...r, calls: operations(await svc.requestsSince(seq)) };
    };

    before(async () => {
      svc = await localService({ autoAcceptInvites: true });
      work = tempDir("current-native");
      const sdkBin = execFileSync(path.join(repoRoot, "scripts", "build-sdk-nodejs"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })
        .trim()
        .split("\n")
        .pop()!;
      const sdkName = JSON.parse(fs.readFileSync(path.join(sdkBin, "package.json"), "utf8")).name as string;
      const packed = JSON.parse((await runOk("npm", ["pack", "--json", "--pack-destination", work, sdkBin], { cwd: work })).stdout)[0].filename as string;
      program = path.join(work, "program");
      fs.mkdirSync(program);
      fs.writeFileSync(path.join(program, "Pulumi.yaml"), "name: esign-sdk-user\nruntime: nodejs\n");
      fs.writeFileSync(path.join(program, "index.js"), programSource(sdkName));
      fs.writeFileSync(
        path.join(program, "package.json"),
        JSON.stringify(
          {
            name: "esign-sdk-user",
            private: true,
            main: "index.js",
            dependencies: { [sdkName]: `file:${path.join(work, path.basename(packed))}`, "@pulumi/pulumi": tc.sdkVersion },
          },
          null,
          2,
        ),
      );
      for (const sub of ["state", "home"]) fs.mkdirSync(path.join(work, sub));
      env = {
        ...process.env,
        // Node 24 first for npm, the language host and the plugin; the current CLI and the plugin's launcher.
        PATH: `${tc.pulumiBin}:${tc.nodeBin}:${pluginBinDir()}:${process.env.PATH}`,
        PULUMI_BACKEND_URL: `file://${path.join(work, "state")}`,
        PULUMI_HOME: path.join(work, "home"),
        PULUMI_CONFIG_PASSPHRASE: "current-native",
        PULUMI_SKIP_UPDATE_CHECK: "true",
      };
      await runOk("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: program, env });
      await pulumiOk("stack", "init", "dev");
      for (const [key, v] of Object.entries(svc.stackConfig())) {
        await pulumiOk("config", "set", ...(v.secret ? ["--secret"] : []), key, v.value);
      }
    });
    after(async () => {
      if (program && env) await run("pulumi", ["destroy", "--yes", "--non-interactive"], { cwd: program, env }).catch(() => undefined);
      await svc?.close();
      if (work) fs.rmSync(work, { recursive: true, force: true });
    });

    it("runs on Node 24, the latest @pulumi/pulumi and the newest CLI", async () => {
      assert.strictEqual((await pulumiOk("version")).stdout.trim(), `v${tc.cliVersion}`);
      const sdk = (await runOk("node", ["-p", "require('@pulumi/pulumi/package.json').version"], { cwd: program, env })).stdout.trim();
      assert.strictEqual(sdk, tc.sdkVersion);
      assert.match((await runOk("node", ["--version"], { cwd: program, env })).stdout, /^v24\./);
    });

    it("up creates the seven resources through the plugin; preview changes nothing; destroy removes them", async () => {
      const up = await measured("up", "--yes", "--skip-preview");
      assert.match(up.stdout, /\+ 8 created/);
      const outputs = JSON.parse((await pulumiOk("stack", "output", "--json")).stdout);
      assert.strictEqual(outputs.accountId, svc.accountId);
      assert.strictEqual(outputs.memberStatus, "member");
      const state = (await pulumiOk("stack", "export")).stdout;
      assert.ok(!state.includes(svc.apiKey), "the API key is in the state");
      const types = JSON.parse(state)
        .deployment.resources.map((r: any) => r.type)
        .filter((t: string) => t.startsWith("esign:"))
        .sort();
      assert.deepStrictEqual(
        types,
        ["ApiApp", "FaxLine", "FaxLineUser", "Team", "TeamMember", "Template", "TemplateAccess"].map((k) => `esign:index:${k}`),
      );
      assert.ok(up.calls.filter((c) => c.endsWith(".create") || c.endsWith("add_user") || c.endsWith("add_member")).length >= 7);

      const preview = await measured("preview", "--expect-no-changes");
      assert.deepStrictEqual(preview.calls, ["account.get"], "only the lookup calls the service");

      const down = await measured("destroy", "--yes");
      assert.deepStrictEqual(
        down.calls.filter((c) => !/\.(get|list|info|members)$/.test(c)),
        ["api_app.delete", "fax_line.delete", "fax_line.remove_user", "team.destroy", "team.remove_member", "template.delete", "template.remove_user"],
      );
      const http = api(svc);
      assert.deepStrictEqual((await http.get("/api_app/list")).data.api_apps, []);
      assert.deepStrictEqual((await http.get("/fax_line/list")).data.fax_lines, []);
    });
  });

  describe("examples/yaml through pulumi-language-yaml", () => {
    let svc: LocalService;
    let dir: string;

    before(async () => {
      svc = await localService();
      await applySeed(readSeed(exampleDir)!, svc.baseUrl, svc.apiKey);
      dir = tempDir("current-yaml");
    });
    after(async () => {
      await svc?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it("makes the pinned toolchain's API calls at every step", async () => {
      const stack = await yamlStack(writeYamlProject(dir), dir, { cliDir: tc.pulumiBin, pathPrefix: [tc.nodeBin], config: exampleConfig(svc) });
      try {
        const steps = await runYamlSteps(stack, svc);
        assert.deepStrictEqual(steps.firstPreview.changes, { create: 12 });
        assert.deepStrictEqual(steps.up.changes, { create: 12 });
        assert.deepStrictEqual(steps.preview.changes, {});
        assert.deepStrictEqual(steps.destroy.changes, { delete: 12 });
        for (const step of ["firstPreview", "up", "preview", "destroy"] as const) {
          assert.deepStrictEqual(steps[step].calls, EXAMPLE_CALLS[step], `${step}: API calls`);
        }
      } finally {
        await stack.destroy().catch(() => undefined);
      }
    });
  });
});
