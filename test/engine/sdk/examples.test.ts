/**
 * examples/python and examples/go: the Python example runs unchanged against a local service
 * (its __main__.py as an inline Automation API program: no Python language plugin here); the
 * Go example builds and vets against sdk/go (running it needs the Go language plugin, which
 * this machine cannot fetch: DECISIONS.md D48).
 */
import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { repoRoot } from "../support/engine";
import { localService, LocalService } from "../../support/local";
import { commandRunner, goBinary, goEnv, venvPython, type ProgramRunner } from "../../sdk/proof";

describe("sdk examples: examples/python and examples/go", function () {
  this.timeout(600_000);

  describe("examples/python/team-and-app", () => {
    let svc: LocalService;
    let program: ProgramRunner;
    before(async () => {
      svc = await localService({ autoAcceptInvites: true });
      const folder = path.join(repoRoot, "examples", "python", "team-and-app");
      // The default provider, configured as the README says: key and service by environment.
      program = commandRunner("team-and-app", venvPython(), [path.join(repoRoot, "test", "sdk", "python", "run_example.py"), folder], {
        ESIGN_API_KEY: svc.apiKey, ESIGN_BASE_URL: svc.baseUrl, ESIGN_REQUESTS_PER_MINUTE: "60000",
      });
    });
    after(async () => {
      await program?.close();
      await svc?.close();
    });

    it("deploys, previews no change, and destroys", async () => {
      const up = await program.run("up");
      assert.deepStrictEqual(up.changes, { create: 4 }, "the stack, the team, the member and the app");
      assert.strictEqual(up.outputs!.memberStatus.value, "member");
      assert.ok(up.outputs!.portalOAuthSecret.secret, "the OAuth secret stays secret");
      const account = (await svc.control("GET", "/state")) as any;
      assert.ok(JSON.stringify(account).includes(String(up.outputs!.portalClientId.value)), "the app exists on the service");
      assert.ok(!(await program.exportText()).includes(svc.apiKey), "the key is not in the state");
      assert.deepStrictEqual((await program.run("preview")).changes, {});
      assert.deepStrictEqual((await program.run("destroy")).changes, { delete: 4 });
    });
  });

  describe("examples/go/team-and-app", () => {
    it("builds and vets against sdk/go", () => {
      const dir = path.join(repoRoot, "examples", "go", "team-and-app");
      const env = { ...process.env, ...goEnv };
      const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "esign-example-go-")), "example");
      execFileSync(goBinary(), ["build", "-o", out, "."], { cwd: dir, env, stdio: ["ignore", "inherit", "inherit"] });
      execFileSync(goBinary(), ["vet", "."], { cwd: dir, env, stdio: ["ignore", "inherit", "inherit"] });
      assert.ok(fs.statSync(out).size > 0);
      fs.rmSync(path.dirname(out), { recursive: true, force: true });
    });
  });
});
