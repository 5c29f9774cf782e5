/**
 * What the tool says about keys, through the real CLI on the dynamic resources:
 * a refusal that concerns the whole stack is said in full once, the other resources pointing
 * to it (item 2); a key changed in the stack config is verified by the first preview or up that
 * sees it, with one account read, and refused in one line when it is refused or of another
 * account, nothing recorded in the resources' state (item 3); a rotation within the account is
 * accepted and recorded, after which a preview makes no request again.
 */
import * as assert from "assert";
import { localService, LocalService } from "../../support/local";
import { KeysProject, keysProject, traceLines } from "../support/keys-project";

describe("engine: what the tool says about keys (dynamic resources)", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let p: KeysProject;
  let k1: string;
  let other: { account_id: string; api_key: string };

  const useKey = (key: string) => p.pulumi("config", "set", "--secret", "esign:apiKey", key);
  /** Each resource's recorded key fingerprint, by URN. */
  const fingerprints = async () => {
    const exported = JSON.parse((await p.pulumi("stack", "export")).stdout);
    return Object.fromEntries(
      (exported.deployment.resources ?? [])
        .filter((r: { type: string }) => r.type.startsWith("pulumi-nodejs:dynamic"))
        .map((r: { urn: string; outputs: Record<string, unknown> }) => [r.urn, r.outputs.keyFingerprint]),
    );
  };
  const calls = async (seq: number) => (await svc.requestsSince(seq)).map((c) => `${c.method} ${c.path}`);
  /** Matches in the run's Diagnostics section (the progress lines repeat each error once more). */
  const count = (text: string, re: RegExp) => (text.slice(text.indexOf("Diagnostics:")).match(new RegExp(re.source, "g")) ?? []).length;

  before(async () => {
    svc = await localService();
    p = await keysProject(svc, "keys-messages");
    k1 = (await svc.control("POST", `/accounts/${svc.accountId}/api_keys`, {})).api_key;
    other = await svc.control("POST", "/accounts", { email_address: "other@example.com" });
    await useKey(k1);
    const up = await p.pulumi("up", "--yes", "--skip-preview");
    assert.strictEqual(up.code, 0, up.stdout + up.stderr);
  });
  after(async () => {
    await useKey(svc.apiKey);
    await p?.pulumi("destroy", "--yes", "--skip-preview", "--run-program");
    p?.dispose();
    await svc?.close();
  });

  it("each object records a fingerprint of its key, never the key; a preview with no change makes no request", async () => {
    const fps = Object.values(await fingerprints());
    assert.strictEqual(fps.length, 2);
    for (const fp of fps) assert.match(String(fp), /^k1\./);
    const exported = (await p.pulumi("stack", "export")).stdout;
    assert.ok(!exported.includes(k1), "the key is not in the state in plain text");
    const seq = await svc.lastSeq();
    const preview = await p.pulumi("preview", "--expect-no-changes");
    assert.strictEqual(preview.code, 0, preview.stdout + preview.stderr);
    assert.deepStrictEqual(await calls(seq), []);
  });

  it("another account's key in esign:apiKey: preview and up fail in one line after one read; nothing recorded", async () => {
    const before = await fingerprints();
    await useKey(other.api_key);
    for (const args of [["preview"], ["up", "--yes", "--skip-preview"]]) {
      const seq = await svc.lastSeq();
      const r = await p.pulumi(...args);
      const output = r.stdout + r.stderr;
      assert.notStrictEqual(r.code, 0, `${args[0]}: ${output}`);
      assert.strictEqual(
        count(
          output,
          /diff \(the API key changed since the last deployment\): refused: the object belongs to account \w+ \(its managingAccountId\) but the API key is for account \w+ \(other@example\.com\); set esign:apiKey \/ ESIGN_API_KEY to a key of account \w+\. Nothing was changed/,
        ),
        1,
        output,
      );
      assert.deepStrictEqual(traceLines(r), [], output);
      assert.deepStrictEqual(await calls(seq), ["GET /v3/account"], `${args[0]}: one read, nothing written`);
    }
    assert.deepStrictEqual(await fingerprints(), before, "the resources still record the old key");
  });

  it("a refused key on refresh --run-program: the paragraph once, the other resource one short line", async () => {
    await useKey("not-a-key");
    const before = await p.urns();
    const r = await p.pulumi("refresh", "--yes", "--skip-preview", "--run-program");
    const output = r.stdout + r.stderr;
    assert.notStrictEqual(r.code, 0, output);
    // The engine may print a resource's error twice; what matters is how many resources carry the paragraph.
    const groups = output
      .slice(output.indexOf("Diagnostics:"))
      .split(/\n(?= {2}\S)/)
      .slice(1);
    assert.strictEqual(groups.filter((g) => /the API key was refused \(401 unauthorized\) by \S+: check esign:apiKey \/ ESIGN_API_KEY\. The key in use/.test(g)).length, 1, output);
    // The other resource, when the engine reached it before stopping, got the short line.
    const short = /refused: the API key was refused \(401\) by \S+; the reason and the fix are in the one error given in full for the default provider/;
    assert.ok(
      groups.filter((g) => /esign:(Team|ApiApp)/.test(g)).every((g) => short.test(g) || /check esign:apiKey/.test(g)),
      output,
    );
    assert.deepStrictEqual(await p.urns(), before, "nothing was dropped");
  });

  it("a rotation within the account: up verifies it with one read and records it, writing nothing; the next preview makes no request", async () => {
    const before = await fingerprints();
    const k2 = (await svc.control("POST", `/accounts/${svc.accountId}/api_keys`, {})).api_key;
    assert.strictEqual((await svc.control("DELETE", `/accounts/${svc.accountId}/api_keys/${k1}`)).revoked, true);
    await useKey(k2);
    let seq = await svc.lastSeq();
    const up = await p.pulumi("up", "--yes", "--skip-preview");
    assert.strictEqual(up.code, 0, up.stdout + up.stderr);
    assert.deepStrictEqual(await calls(seq), ["GET /v3/account"], "one verifying read, no write");
    const after = await fingerprints();
    for (const urn of Object.keys(before)) assert.notStrictEqual(after[urn], before[urn], `${urn} records the new key`);
    seq = await svc.lastSeq();
    const preview = await p.pulumi("preview", "--expect-no-changes");
    assert.strictEqual(preview.code, 0, preview.stdout + preview.stderr);
    assert.deepStrictEqual(await calls(seq), []);
    const refresh = await p.pulumi("refresh", "--yes", "--skip-preview");
    assert.strictEqual(refresh.code, 0, refresh.stdout + refresh.stderr);
  });
});
