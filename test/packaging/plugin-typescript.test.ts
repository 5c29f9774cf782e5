/**
 * The TypeScript install path from the release artifacts: the README's TypeScript
 * program on `@esign/pulumi` installed with npm from the release's esign-pulumi-<version>.tgz
 * (beside @pulumi/pulumi from the registry), run with `pulumi up` by a user who has the CLI,
 * its Node.js language host (the CLI folder's, standing in for a normal install's) and their
 * own node and npm: nothing of this checkout on PATH. The engine downloads the plugin from the
 * release host (a local stand-in) once; up, an unchanged preview and destroy work against the
 * local service. (plugin-release.ts, plugin-project.ts, D73.)
 */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { pulumiBinDir, repoRoot } from "../engine/support/engine";
import { api, localService, type LocalService } from "../support/local";
import { cliProgram } from "./plugin-project";
import { onPath, releaseFolder, releaseSdkTarball, runFromRelease, VERSION, assertSucceeded } from "./plugin-release";

/** The pinned @pulumi/pulumi (the CLI's version; the SDK accepts any >= 3.248). */
const PULUMI_SDK: string = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")).devDependencies["@pulumi/pulumi"];

/** The README's block after `heading`, fenced as `lang`. */
function readmeBlock(heading: string, lang: string): string {
  const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
  const at = readme.indexOf(heading);
  assert.ok(at >= 0, `README.md has no "${heading}"`);
  const block = new RegExp("```" + lang + "\\n([\\s\\S]*?)```").exec(readme.slice(at));
  assert.ok(block, `README.md has no ${lang} block after "${heading}"`);
  return block[1];
}

describe("the TypeScript install path: @esign/pulumi from the release tarball, the plugin from the release", function () {
  this.timeout(20 * 60_000);
  let svc: LocalService;

  before(async () => {
    releaseSdkTarball();
    svc = await localService({ autoAcceptInvites: true });
  });
  after(async () => svc?.close());

  it("npm installs the SDK; the engine downloads the plugin once; up, an unchanged preview and destroy work", async () => {
    const heading = "TypeScript / JavaScript (`@esign/pulumi`";
    const tarball = path.basename(releaseSdkTarball());
    // The README's install line, run as written (the tarball copied into the project folder).
    const install = readmeBlock(heading, "sh")
      .split("\n")
      .find((l) => l.startsWith("npm install") && l.includes(".tgz"))!
      .replace(/\s+#.*$/, "");
    assert.strictEqual(install, `npm install @pulumi/pulumi@${PULUMI_SDK} ./${tarball}`);
    const program = cliProgram({
      name: "typescript",
      // sh: npm runs packages' install scripts with it, as on every machine.
      tools: { node: process.execPath, npm: onPath("npm"), sh: "/bin/sh", "pulumi-language-nodejs": path.join(pulumiBinDir(), "pulumi-language-nodejs") },
      files: {
        "Pulumi.yaml": "name: esign-user\nruntime: nodejs\n",
        "package.json": JSON.stringify({ name: "esign-user", private: true, main: "index.ts" }, null, 2),
        "index.ts": readmeBlock(heading, "ts"),
      },
      // The release's tarball, as the user downloaded it into the project folder.
      copies: { [tarball]: releaseSdkTarball() },
      install: [["npm", ...install.split(" ").slice(1), "--no-audit", "--no-fund", "--prefer-offline"]],
      config: svc.stackConfig(),
    });
    const run = await runFromRelease(program, releaseFolder());
    assert.deepStrictEqual(run.commands, ["node", "npm", "pulumi", "pulumi-language-nodejs", "sh"]);
    // The stack, the team and alice (the default provider is not counted).
    assert.deepStrictEqual(run.changes.up, { create: 3 });
    assert.deepStrictEqual(run.changes.preview, {});
    assert.deepStrictEqual(run.changes.destroy, { delete: 3 });
    assert.strictEqual(run.archiveDownloads, 1, run.requests.join("\n"));
    assert.deepStrictEqual(run.installed, [`resource-esign-v${VERSION}`]);
    await assertSucceeded(svc, ["team.create", "team.add_member", "account.get", "team.destroy"]);
    assert.strictEqual((await api(svc).get("/team")).status, 404);
  });
});
