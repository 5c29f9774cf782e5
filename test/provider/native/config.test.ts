/**
 * The native plugin's own config handling (provider/native/config.ts), in process: the rules
 * of the SETTINGS table at CheckConfig, the key kept secret, an explicit provider's key
 * required, and a change of any setting an update (never a replace) at DiffConfig.
 */
import * as assert from "assert";
import { checkConfig, configuredSettings, diffConfig } from "../../../provider/native/config";
import { isSecret, secret } from "../../../provider/native/secrets";
import { UNKNOWN } from "../../../provider/core/unknowns";

const urn = (name: string) => `urn:pulumi:dev::proj::pulumi:providers:esign::${name}`;

describe("native plugin: provider config", () => {
  it("CheckConfig stores the key as a secret even when the program gave it in plain text", async () => {
    const { inputs, failures } = await checkConfig(urn("eu"), { apiKey: "k-123", baseUrl: "http://127.0.0.1:1/v3" });
    assert.deepStrictEqual(failures, []);
    assert.ok(isSecret(inputs.apiKey));
    assert.strictEqual(inputs.baseUrl, "http://127.0.0.1:1/v3");
  });

  it("CheckConfig names the setting and its rule; typed values of explicit providers are accepted", async () => {
    const { failures } = await checkConfig(urn("eu"), { apiKey: secret("k"), maxConcurrency: 0, requestsPerMinute: 600, allowedAccountIds: ["a", "b"], baseUrl: "ftp://x" });
    assert.deepStrictEqual(failures.map((f) => f.property).sort(), ["baseUrl", "maxConcurrency"]);
    assert.match(failures.find((f) => f.property === "maxConcurrency")!.reason, /esign:maxConcurrency: must be a whole number of at least 1, got "0"/);
  });

  it("an explicit provider needs its own key; the default provider may take ESIGN_API_KEY", async () => {
    assert.match((await checkConfig(urn("eu"), {})).failures[0]?.reason ?? "", /provider eu: apiKey is required/);
    assert.deepStrictEqual((await checkConfig(urn("default_0_1_0"), {})).failures, []);
    assert.deepStrictEqual((await checkConfig(urn("eu"), { apiKey: UNKNOWN })).failures, [], "a key known only at up is not missing");
  });

  it("only the default provider falls back to the environment", () => {
    assert.strictEqual(configuredSettings("eu", { apiKey: "k" }).env.ESIGN_API_KEY, undefined);
    assert.strictEqual(configuredSettings("eu", { apiKey: "k" }).get("esign:apiKey"), "k");
    assert.strictEqual(configuredSettings("default", {}).env, process.env);
    assert.strictEqual(configuredSettings(undefined, { "esign:config:baseUrl": "http://h/v3" }).get("esign:baseUrl"), "http://h/v3");
  });

  it("DiffConfig lists changed settings (secret or not, typed or text) and never asks for a replace", () => {
    assert.deepStrictEqual(diffConfig({ apiKey: secret("a"), requestsPerMinute: "60" }, { apiKey: secret("a"), requestsPerMinute: 60 }).changed, []);
    assert.deepStrictEqual(diffConfig({ apiKey: secret("a") }, { apiKey: secret("b") }).changed, ["apiKey"]);
    assert.deepStrictEqual(diffConfig({ baseUrl: "x" }, { baseUrl: UNKNOWN }).changed, ["baseUrl"]);
    assert.ok(!("replaces" in diffConfig({}, {})));
  });
});
