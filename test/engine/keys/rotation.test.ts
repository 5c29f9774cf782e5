/**
 * Key rotation through the real CLI: deploy with key K1, add K2 and revoke K1 on the service,
 * set the config to K2. A plain `pulumi refresh` still configures the provider with the key
 * recorded at the last `up` and fails in one line naming esign:apiKey / ESIGN_API_KEY and the
 * fix; `pulumi refresh --run-program` and `esign drift` (which runs the program) work, and so
 * does a plain refresh after `pulumi up` recorded K2.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import { localService, LocalService } from "../../support/local";
import { KeysProject, keysProject, traceLines } from "../support/keys-project";

describe("engine: key rotation (real CLI)", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let p: KeysProject;
  let k1: string;
  let k2: string;

  before(async () => {
    svc = await localService();
    p = await keysProject(svc, "keys-rotation");
    k1 = (await svc.control("POST", `/accounts/${svc.accountId}/api_keys`, {})).api_key;
    await p.pulumi("config", "set", "--secret", "esign:apiKey", k1);
    const up = await p.pulumi("up", "--yes", "--skip-preview");
    assert.strictEqual(up.code, 0, up.stdout + up.stderr);
    k2 = (await svc.control("POST", `/accounts/${svc.accountId}/api_keys`, {})).api_key;
    const revoked = await svc.control("DELETE", `/accounts/${svc.accountId}/api_keys/${k1}`);
    assert.strictEqual(revoked.revoked, true);
    await p.pulumi("config", "set", "--secret", "esign:apiKey", k2);
  });
  after(async () => {
    await p?.pulumi("destroy", "--yes", "--skip-preview", "--run-program");
    p?.dispose();
    await svc?.close();
  });

  it("a plain refresh (and preview --refresh) uses the recorded, revoked key: one line naming the setting and the fix; state kept", async () => {
    const before = await p.urns();
    const preview = await p.pulumi("preview", "--refresh");
    assert.notStrictEqual(preview.code, 0, preview.stdout);
    assert.match(preview.stdout + preview.stderr, /the API key was refused \(401 unauthorized\)/);
    const r = await p.pulumi("refresh", "--yes", "--skip-preview");
    const output = r.stdout + r.stderr;
    assert.notStrictEqual(r.code, 0, output);
    assert.match(
      output,
      /the API key was refused \(401 unauthorized\) by http:\/\/127\.0\.0\.1:\d+\/v3: check esign:apiKey \/ ESIGN_API_KEY\. .*after rotating the key run `pulumi up`, or add --run-program \(`pulumi refresh --run-program`, `pulumi destroy --run-program`\)/,
    );
    assert.deepStrictEqual(traceLines(r), [], output);
    assert.ok(!output.includes(k1) && !output.includes(k2), "no key in the output");
    assert.deepStrictEqual(await p.urns(), before, "the refresh dropped nothing");
  });

  it("`pulumi refresh --run-program` and `esign drift` use the current key", async () => {
    const r = await p.pulumi("refresh", "--yes", "--skip-preview", "--run-program");
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    const drift = await p.drift();
    assert.strictEqual(drift.code, 0, drift.stderr);
    assert.strictEqual(drift.stdout, "stack test: no drift\n");
  });

  it("after `pulumi up` records the new key, a plain refresh works", async () => {
    const up = await p.pulumi("up", "--yes", "--skip-preview");
    assert.strictEqual(up.code, 0, up.stdout + up.stderr);
    const r = await p.pulumi("refresh", "--yes", "--skip-preview");
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
  });

  it("esign drift outside a project says so in one line", async () => {
    const empty = fs.mkdtempSync(`${os.tmpdir()}/esign-noproject-`);
    try {
      const r = await p.drift(empty);
      assert.strictEqual(r.code, 1);
      assert.strictEqual(r.stderr, `esign drift: no Pulumi.yaml in ${empty}\n`);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
