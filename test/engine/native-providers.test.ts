/**
 * Explicit providers of the native plugin through the real CLI: two accounts in one program
 * (each resource acts for its provider's account only), the key kept secret in state, a key
 * change previewed as an update of the provider that replaces nothing, and bad settings
 * refused at preview naming the setting.
 */
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { nativeClasses } from "../../provider/native/classes";
import { changes, newStack, TestStack } from "../helpers/engine";
import { api, localService, LocalService } from "../helpers/local";
import { operations, pluginEnv } from "./native-support";

/** `new esign.Provider(...)` of a generated SDK, without the SDK. */
class EsignProvider extends pulumi.ProviderResource {
  constructor(name: string, props: pulumi.Inputs) {
    super("esign", name, props);
  }
}

describe("engine: the native plugin's explicit providers", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let t: TestStack;
  let second: { account_id: string; api_key: string };
  let third: { account_id: string; api_key: string };
  let euKey: string;
  let euSettings: Record<string, unknown> = {};
  let first: string;

  before(async () => {
    svc = await localService();
    second = await svc.control("POST", "/accounts", { email_address: "eu@example.com" });
    third = await svc.control("POST", "/accounts", { email_address: "other@example.com" });
    euKey = second.api_key;
    t = await newStack("native-providers", () => {
      const eu = new EsignProvider("eu", { apiKey: pulumi.secret(euKey), baseUrl: svc.baseUrl, requestsPerMinute: 60000, ...euSettings });
      const home = new nativeClasses.ApiApp("home", { name: "Home", domains: ["home.example.com"] });
      const away = new nativeClasses.ApiApp("away", { name: "Away", domains: ["away.example.com"] }, { provider: eu });
      // The Account component's children act for the provider the component is given.
      const file = "apiApps:\n  - key: eu\n    name: From the file\n    domains: [file.example.com]\n";
      const account = new pulumi.ComponentResource("esign:index:Account", "eu-account", { text: file, apiApps: undefined }, { providers: [eu] }, true) as any;
      return { homeOwner: (home as any).ownerAccount, awayOwner: (away as any).ownerAccount, fileApps: account.apiApps };
    }, { config: svc.stackConfig(), env: pluginEnv() });
  });
  after(async () => {
    euKey = second.api_key;
    euSettings = {};
    await t?.dispose();
    await svc?.close();
  });

  it("manages two accounts in one program: each resource acts for its provider's account", async () => {
    const seq = await svc.lastSeq();
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 6 }, "the stack, the eu provider, two apps, the component and its app");
    first = (await api(svc).get("/account")).data.account.account_id;
    assert.strictEqual(up.outputs.awayOwner.value.accountId, second.account_id);
    assert.strictEqual(up.outputs.homeOwner.value.accountId, first);
    assert.notStrictEqual(first, second.account_id);
    const euCalls = operations(await svc.requestsSince(seq, second.account_id));
    assert.deepStrictEqual(euCalls, ["account.get", "api_app.create", "api_app.create", "api_app.list"],
      "the eu provider made only the away app's and the component's app's calls (one app list for both)");
    const fileApp = (await api(svc, second.api_key).get(`/api_app/${up.outputs.fileApps.value.eu}`)).data.api_app;
    assert.strictEqual(fileApp.owner_account.account_id, second.account_id, "the component's app belongs to the eu account");
    const text = await t.exportText();
    assert.ok(!text.includes(second.api_key), "the explicit provider's key is not in state in plain text");
    assert.ok(!text.includes(svc.apiKey), "the default provider's key is not in state in plain text");
  });

  it("a key change is an update of the provider: nothing is replaced, and preview makes no request", async () => {
    euKey = third.api_key;
    try {
      const seq = await svc.lastSeq();
      const preview = await t.stack.preview();
      assert.deepStrictEqual(changes({ resourceChanges: preview.changeSummary }), { update: 1 }, "the eu provider only");
      assert.deepStrictEqual(await svc.requestsSince(seq), []);
    } finally {
      euKey = second.api_key;
    }
  });

  it("refuses an explicit provider without a key, and a bad setting, at preview, naming it", async () => {
    euSettings = { apiKey: undefined };
    try {
      await assert.rejects(t.stack.preview(), /provider eu: apiKey is required/);
    } finally {
      euSettings = {};
    }
    euSettings = { maxConcurrency: 0 };
    try {
      await assert.rejects(t.stack.preview(), /esign:maxConcurrency: must be a whole number of at least 1, got "0"/);
    } finally {
      euSettings = {};
    }
    await t.stack.preview({ expectNoChanges: true });
  });

  it("destroy deletes each object with its own provider's key", async () => {
    const seq = await svc.lastSeq();
    await t.stack.destroy();
    const deletes = async (account: string) => (await svc.requestsSince(seq, account)).filter((r) => r.method === "DELETE").map((r) => r.operation);
    assert.deepStrictEqual(await deletes(second.account_id), ["api_app.delete", "api_app.delete"]);
    assert.deepStrictEqual(await deletes(first), ["api_app.delete"]);
  });
});
