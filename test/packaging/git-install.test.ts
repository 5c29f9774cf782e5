/**
 * Installing from git, as a user without a registry release does: `npm install git+file://`
 * of a clone of this repo (its committed HEAD) into an empty program. npm installs the clone's
 * devDependencies, runs `prepare` (scripts/build) and packs it, so the package arrives with
 * dist/ and `require("pulumi-esign")` works.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { repoRoot, runOk, tempDir } from "./support";

describe("packaging: npm install from a git clone", function () {
  this.timeout(1_800_000);
  let work: string;
  let app: string;

  before(async () => {
    work = tempDir("git-install");
    const clone = path.join(work, "clone");
    await runOk("git", ["clone", "--quiet", repoRoot, clone], { cwd: work });
    assert.ok(!fs.existsSync(path.join(clone, "dist")), "a fresh clone has no dist/ (it is built on install)");
    app = path.join(work, "app");
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "user-app", version: "1.0.0", private: true }));
    await runOk("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", `git+file://${clone}`], { cwd: app });
  });

  after(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("records the git dependency and installs the package with its compiled dist/", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(app, "package.json"), "utf8"));
    assert.match(manifest.dependencies["pulumi-esign"], /^git\+file:/);
    const installed = path.join(app, "node_modules", "pulumi-esign");
    assert.ok(fs.existsSync(path.join(installed, "dist", "provider", "index.js")));
    assert.ok(!fs.existsSync(path.join(installed, "test")), "the installed package has no tests");
  });

  it('require("pulumi-esign") gives the seven resources and the account file functions', async () => {
    const script = `const e = require("pulumi-esign"); console.log(JSON.stringify(Object.keys(e).filter((k) => typeof e[k] === "function").sort()))`;
    const r = await runOk(process.execPath, ["-e", script], { cwd: app });
    const names: string[] = JSON.parse(r.stdout);
    for (const name of ["ApiApp", "Team", "TeamMember", "Template", "TemplateAccess", "FaxLine", "FaxLineUser", "deployAccount", "loadAccountFile"]) {
      assert.ok(names.includes(name), `pulumi-esign does not export ${name}`);
    }
  });

  it("the local service and its bin work from the installed package", async () => {
    const script = `require("pulumi-esign/service").startService({ port: 0 }).then(async (s) => { const r = await fetch(s.baseUrl + "/account", { headers: { authorization: "Basic " + Buffer.from(s.apiKey + ":").toString("base64") } }); console.log(r.status); await s.close(); })`;
    const r = await runOk(process.execPath, ["-e", script], { cwd: app });
    assert.strictEqual(r.stdout.trim(), "200");
    assert.ok(fs.existsSync(path.join(app, "node_modules", ".bin", "esign-service")));
  });
});
