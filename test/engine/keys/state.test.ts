/**
 * Where the engine keeps the API key. Our resources never hold it, but the engine records the
 * stack's config as the inputs of the default `pulumi-nodejs` provider in the state: a key set
 * with `--secret` lands there as ciphertext, a plain one in plain text, and ESIGN_API_KEY
 * nowhere. The docs (README, docs/gitops.md, DECISIONS D4) say exactly this.
 */
import * as assert from "assert";
import * as esign from "../../../provider";
import { newStack } from "../support/engine";
import { localService, LocalService } from "../../support/local";

describe("engine: where the API key lands in state", function () {
  this.timeout(600_000);
  let svc: LocalService;
  before(async () => (svc = await localService()));
  after(async () => svc?.close());

  /** Deploys one ApiApp with the key given as `how`; returns the export and the default provider's inputs. */
  async function deployWith(how: "secret" | "plain" | "env", key: string) {
    const { "esign:apiKey": _key, ...rest } = svc.stackConfig();
    const config = how === "env" ? rest : { ...rest, "esign:apiKey": { value: key, secret: how === "secret" } };
    const t = await newStack(
      `keys-${how}`,
      () => {
        new esign.ApiApp("portal", { name: `Portal ${how}`, domains: [`${how}.example.com`] });
      },
      { config, env: how === "env" ? { ESIGN_API_KEY: key } : {} },
    );
    try {
      const up = await t.stack.up();
      assert.strictEqual(up.summary.result, "succeeded");
      const text = await t.exportText();
      const provider = JSON.parse(text).deployment.resources.find((r: { type: string }) => r.type === "pulumi:providers:pulumi-nodejs");
      assert.ok(provider, "the default provider is in state");
      const app = JSON.parse(text).deployment.resources.find((r: { type: string }) => r.type.endsWith("esign:ApiApp"));
      assert.ok(!JSON.stringify(app).includes(key), "the resource itself never holds the key");
      return { text, inputs: provider.inputs as Record<string, unknown> };
    } finally {
      await t.dispose();
    }
  }

  it("--secret: ciphertext in the default provider's inputs, never plain text", async () => {
    const key = (await svc.control("POST", `/accounts/${svc.accountId}/api_keys`, {})).api_key;
    const { text, inputs } = await deployWith("secret", key);
    assert.ok(!text.includes(key), "the key is not in the export in plain text");
    const recorded = inputs["esign:apiKey"] as Record<string, unknown>;
    assert.strictEqual(recorded["4dabf18193072939515e22adb298388d"], "1b47061264138c4ac30d75fd1eb44270", "a secret value");
    assert.match(String(recorded.ciphertext), /^v1:/, "encrypted with the stack's secrets provider");
  });

  it("plain config: in plain text in the default provider's inputs", async () => {
    const key = (await svc.control("POST", `/accounts/${svc.accountId}/api_keys`, {})).api_key;
    const { inputs } = await deployWith("plain", key);
    assert.strictEqual(inputs["esign:apiKey"], key);
  });

  it("ESIGN_API_KEY: nowhere in state", async () => {
    const key = (await svc.control("POST", `/accounts/${svc.accountId}/api_keys`, {})).api_key;
    const { text, inputs } = await deployWith("env", key);
    assert.ok(!text.includes(key));
    assert.strictEqual(inputs["esign:apiKey"], undefined);
  });
});
