/**
 * Which account `esign recover` looks in (cli/recover-context.ts, D112): a pending create of a
 * native resource on an explicit provider is looked for with that provider's recorded inputs
 * (decrypted export), never the environment; a provider missing from the state, or one without
 * a key, is named.
 */
import * as assert from "assert";
import { RecoverContexts } from "../../../provider/cli/recover-context";
import type { ExportedDeployment, PendingOperation } from "../../../provider/pulumi-state/export";

const SIG = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };
const stackUrn = "urn:pulumi:test::p";
const providerUrn = `${stackUrn}::pulumi:providers:esign::eu`;

function pending(provider: string): PendingOperation {
  return { type: "creating", resource: { urn: `${stackUrn}::esign:index:Template::nda`, type: "esign:index:Template", custom: true, provider, inputs: { title: "NDA" } } };
}

function exported(inputs: Record<string, unknown>): ExportedDeployment {
  return { version: 3, deployment: { resources: [{ urn: providerUrn, type: "pulumi:providers:esign", id: "p1", custom: true, inputs }] } };
}

describe("esign recover: the account of a pending create's explicit provider", () => {
  const saved = process.env.ESIGN_API_KEY;
  before(() => (process.env.ESIGN_API_KEY = "from-the-environment"));
  after(() => (saved === undefined ? delete process.env.ESIGN_API_KEY : (process.env.ESIGN_API_KEY = saved)));

  it("uses the provider's recorded key and base URL (secrets decrypted), named as the key's holder", async () => {
    const contexts = new RecoverContexts("/nowhere", "test", exported({ apiKey: { ...SIG, plaintext: '"eu-key"' }, baseUrl: "http://127.0.0.1:1/v3", requestsPerMinute: 600 }));
    const ctx = await contexts.for(pending(`${providerUrn}::p1`));
    assert.strictEqual(ctx.settings.apiKey, "eu-key");
    assert.strictEqual(ctx.settings.baseUrl, "http://127.0.0.1:1/v3");
    assert.strictEqual(ctx.settings.requestsPerMinute, 600);
    assert.deepStrictEqual(ctx.holder, { explicit: "eu" });
    assert.strictEqual(await contexts.for(pending(`${providerUrn}::p1`)), ctx, "one context per provider");
  });

  it("never falls back to ESIGN_API_KEY: a provider without a key, or not in the state, is named", async () => {
    await assert.rejects(new RecoverContexts("/nowhere", "test", exported({ baseUrl: "http://127.0.0.1:1/v3" })).for(pending(`${providerUrn}::p1`)), /provider eu has no apiKey in the stack's state/);
    await assert.rejects(new RecoverContexts("/nowhere", "test", { version: 3, deployment: { resources: [] } }).for(pending(`${providerUrn}::p1`)), /provider eu is not in the stack's state/);
  });
});
