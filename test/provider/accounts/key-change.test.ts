/**
 * A key is checked when it changes, dynamic host: each object records a
 * fingerprint of the key it was deployed with (never the key); diff compares it with the current
 * key's at no request, and a changed key is verified with the account pin's one read: refused,
 * or of another account than the object's, fails the preview in one line; a new key of the same
 * account (a rotation) is accepted and recorded by an update that sends nothing.
 */
import * as assert from "assert";
import { ProviderHarness, type Created } from "../support/harness";

describe("provider (in process): a changed key is verified once, at diff", () => {
  let h: ProviderHarness;
  let apps: Created[];
  let other: { account_id: string; api_key: string };
  const desired = (name: string) => ({ name, domains: [`${name.toLowerCase()}.example.com`] });
  before(async () => {
    h = await ProviderHarness.start();
    apps = [await h.resource("ApiApp").create(desired("A")), await h.resource("ApiApp").create(desired("B"))];
    other = await h.newAccount("other@example.com");
  });
  after(async () => h?.close());
  beforeEach(() => h.nextRun());

  /** diff of both apps with their desired inputs, as a preview does; errors as messages. */
  const previewBoth = () =>
    h.counting(() =>
      Promise.all(
        apps.map((a, i) =>
          h
            .resource("ApiApp")
            .diff(a.id, a.outs, desired(["A", "B"][i]))
            .catch((e: Error) => e.message),
        ),
      ),
    );

  it("records a fingerprint of the key, not the key; an unchanged key diffs with no request", async () => {
    const fp = apps[0].outs.keyFingerprint;
    assert.match(fp, /^k1\.[\w-]+\.[\w-]{22}$/);
    assert.ok(!JSON.stringify(apps[0].outs).includes(h.svc.apiKey), "the key is not in the outputs");
    const { result, calls } = await previewBoth();
    assert.deepStrictEqual(
      result.map((r) => (r as { changes: boolean }).changes),
      [false, false],
    );
    assert.deepStrictEqual(calls, []);
  });

  it("another account's key: the preview fails in one line per the pin, after one account read", async () => {
    h.set({ "esign:apiKey": other.api_key });
    const { result, calls } = await previewBoth();
    assert.match(
      result[0] as string,
      new RegExp(
        `^ApiApp ${apps[0].id} diff \\(the API key changed since the last deployment\\): refused: the object belongs to account ${h.svc.accountId} \\(its managingAccountId\\) but the API key is for account ${other.account_id} \\(other@example\\.com\\); set esign:apiKey / ESIGN_API_KEY to a key of account ${h.svc.accountId}\\. Nothing was changed$`,
      ),
    );
    assert.match(result[1] as string, /refused: the API key is for account \w+, the objects belong to account \w+; the reason and the fix are in the one error given in full/);
    assert.deepStrictEqual(calls, ["GET /v3/account"]);
  });

  it("a refused key: the preview fails naming the key's setting", async () => {
    h.set({ "esign:apiKey": "not-a-key" });
    const { result } = await previewBoth();
    assert.match(result[0] as string, /^ApiApp diff: the API key was refused \(401 unauthorized\) by \S+: check esign:apiKey \/ ESIGN_API_KEY/);
  });

  it("a rotation (old key revoked, new key of the same account): accepted after one read, recorded by an update that sends nothing", async () => {
    const next = (await h.control("POST", `/accounts/${h.svc.accountId}/api_keys`, {})).body.api_key;
    assert.strictEqual((await h.control("DELETE", `/accounts/${h.svc.accountId}/api_keys/${h.svc.apiKey}`)).status, 200);
    h.set({ "esign:apiKey": next });
    const { result, calls } = await previewBoth();
    assert.deepStrictEqual(
      result.map((r) => (r as { changes: boolean }).changes),
      [true, true],
    );
    assert.deepStrictEqual(calls, ["GET /v3/account"]);
    const updated = await h.counting(() => h.resource("ApiApp").update(apps[0].id, apps[0].outs, desired("A")));
    assert.deepStrictEqual(updated.calls, [], "nothing sent: the pin's read is already made in this run");
    assert.notStrictEqual(updated.result.keyFingerprint, apps[0].outs.keyFingerprint);
    assert.deepStrictEqual({ ...updated.result, keyFingerprint: undefined }, { ...apps[0].outs, keyFingerprint: undefined }, "only the fingerprint changed");
    apps[0] = { id: apps[0].id, outs: updated.result };
    h.nextRun();
    const again = await h.counting(() => h.resource("ApiApp").diff(apps[0].id, apps[0].outs, desired("A")));
    assert.deepStrictEqual([again.result.changes, again.calls], [false, []], "recorded: the next preview makes no request");
  });

  it("a refresh with the rotated key records it too", async () => {
    const read = await h.resource("ApiApp").read(apps[1].id, apps[1].outs);
    assert.notStrictEqual(read.props?.keyFingerprint, apps[1].outs.keyFingerprint);
    h.nextRun();
    const { result, calls } = await h.counting(() => h.resource("ApiApp").diff(apps[1].id, read.props!, desired("B")));
    assert.deepStrictEqual([result.changes, calls], [false, []]);
  });

  it("state from before fingerprints: no verification (it cannot tell), recorded at its next update", async () => {
    const { keyFingerprint: _fp, ...old } = apps[0].outs;
    const { result, calls } = await h.counting(() => h.resource("ApiApp").diff(apps[0].id, old, desired("A")));
    assert.deepStrictEqual([result.changes, calls], [false, []]);
    const outs = await h.resource("ApiApp").update(apps[0].id, old, { ...desired("A"), name: "A2" });
    assert.match(outs.keyFingerprint, /^k1\./);
  });
});
