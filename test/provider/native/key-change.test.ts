/**
 * The native plugin checks a provider's key when it changes: CheckConfig
 * keeps a fingerprint of the key (and, once verified, its account) in the provider's inputs,
 * compares at no request, and verifies a changed key with one account read before the engine
 * records it: refused, or of another account, is a CheckConfig failure naming the provider; a
 * rotation within the account is recorded. The default provider's key from ESIGN_API_KEY is
 * followed by its fingerprint, so DiffConfig shows its change.
 */
import * as assert from "assert";
import { checkConfig, diffConfig } from "../../../provider/native/config";
import { reveal, type Json } from "../../../provider/native/secrets";
import { ProviderHarness } from "../support/harness";

const urn = (name: string) => `urn:pulumi:dev::proj::pulumi:providers:esign::${name}`;

describe("native plugin: a changed provider key is verified at CheckConfig", () => {
  let h: ProviderHarness;
  let other: { account_id: string; api_key: string };
  let recorded: Json;
  const inputs = (apiKey: string) => ({ apiKey, baseUrl: h.svc.baseUrl });
  before(async () => {
    h = await ProviderHarness.start();
    other = await h.newAccount("other@example.com");
  });
  after(async () => h?.close());

  const check = (name: string, news: Json, olds: Json = {}) => h.counting(() => checkConfig(urn(name), news, olds));

  it("a new provider records its key's fingerprint and account with one read; the same key again reads nothing", async () => {
    const first = await check("acct-f", inputs(h.svc.apiKey));
    assert.deepStrictEqual([first.result.failures, first.calls], [[], ["GET /v3/account"]]);
    recorded = first.result.inputs;
    assert.strictEqual(recorded.keyAccountId, h.svc.accountId);
    assert.match(recorded.keyFingerprint as string, /^k1\./);
    assert.ok(!JSON.stringify(recorded.keyFingerprint).includes(h.svc.apiKey));
    const again = await check("acct-f", inputs(h.svc.apiKey), recorded);
    assert.deepStrictEqual([again.result.failures, again.calls], [[], []]);
    assert.strictEqual(again.result.inputs.keyFingerprint, recorded.keyFingerprint);
    assert.deepStrictEqual(diffConfig(recorded, again.result.inputs).changed, []);
  });

  it("another account's key fails naming the provider, both accounts, and is not recorded", async () => {
    const { result, calls } = await check("acct-f", inputs(other.api_key), recorded);
    assert.deepStrictEqual(result.failures, [
      {
        property: "apiKey",
        reason:
          `provider acct-f: apiKey: the API key changed since the last deployment and the new key is for account ${other.account_id}, ` +
          `but this provider's objects belong to account ${h.svc.accountId}; it was not recorded: use a key of account ${h.svc.accountId}`,
      },
    ]);
    assert.deepStrictEqual(calls, ["GET /v3/account"], "one read of the changed key: the old key's account is recorded");
  });

  it("a refused key fails in one line", async () => {
    const { result } = await check("acct-f", inputs("not-a-key"), recorded);
    assert.match(
      result.failures[0]?.reason ?? "",
      /^provider acct-f: apiKey: the API key changed since the last deployment and the new key was refused \(401 unauthorized\) by \S+; it was not recorded$/,
    );
  });

  it("a rotation within the account is recorded after one read, with its account; then another account is caught at one read", async () => {
    const next = (await h.control("POST", `/accounts/${h.svc.accountId}/api_keys`, {})).body.api_key;
    assert.strictEqual((await h.control("DELETE", `/accounts/${h.svc.accountId}/api_keys/${h.svc.apiKey}`)).status, 200);
    const rotated = await check("acct-f", inputs(next), recorded);
    assert.deepStrictEqual(rotated.result.failures, []);
    assert.deepStrictEqual(rotated.calls, ["GET /v3/account"], "the new key's account only");
    assert.strictEqual(rotated.result.inputs.keyAccountId, h.svc.accountId);
    assert.deepStrictEqual(diffConfig(recorded, rotated.result.inputs).changed, ["apiKey"]);
    const wrong = await check("acct-f", inputs(other.api_key), rotated.result.inputs);
    assert.match(wrong.result.failures[0]?.reason ?? "", new RegExp(`new key is for account ${other.account_id}, but this provider's objects belong to account ${h.svc.accountId}`));
    assert.deepStrictEqual(wrong.calls, ["GET /v3/account"]);
  });

  it("the default provider follows ESIGN_API_KEY by its fingerprint: a change shows at DiffConfig and is verified", async () => {
    const saved = { key: process.env.ESIGN_API_KEY, url: process.env.ESIGN_BASE_URL };
    try {
      process.env.ESIGN_BASE_URL = h.svc.baseUrl;
      const next = (await h.control("POST", `/accounts/${h.svc.accountId}/api_keys`, {})).body.api_key;
      process.env.ESIGN_API_KEY = next;
      const first = await check("default_0_1_0", {});
      assert.deepStrictEqual([first.result.failures, first.calls, reveal(first.result.inputs.apiKey)], [[], ["GET /v3/account"], undefined], "the env key is not an input; its account is read once");
      process.env.ESIGN_API_KEY = other.api_key;
      const changed = await check("default_0_1_0", {}, first.result.inputs);
      assert.deepStrictEqual(changed.calls, ["GET /v3/account"], "only the new key's read: the old one is known by its fingerprint and recorded account");
      assert.match(
        changed.result.failures[0]?.reason ?? "",
        /^esign:apiKey \/ ESIGN_API_KEY: the API key changed since the last deployment and the new key is for account \w+, but this provider's objects belong to account \w+/,
      );
      process.env.ESIGN_API_KEY = next;
      const back = await check("default_0_1_0", {}, first.result.inputs);
      assert.deepStrictEqual([back.result.failures, back.calls], [[], []], "the recorded key again: nothing to verify");
      assert.deepStrictEqual(diffConfig(first.result.inputs, back.result.inputs).changed, []);
    } finally {
      for (const [k, v] of [
        ["ESIGN_API_KEY", saved.key],
        ["ESIGN_BASE_URL", saved.url],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});
