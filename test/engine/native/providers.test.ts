/**
 * Explicit providers of the native plugin through the real CLI: two accounts in one program
 * (each resource acts for its provider's account only), the key kept secret in state, a key
 * change verified at preview (another account's key refused naming the provider, not recorded;
 * a rotation an update of the provider that replaces nothing), a refused key naming its
 * provider once, bad settings
 * refused at preview naming the setting, and the account pin (D31) held per provider.
 */
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { nativeClasses } from "../../../provider/native/classes";
import { changes, newStack, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";
import { operations, pluginEnv } from "../support/native-support";

/** The Diagnostics section of a CLI run, one entry per resource (the engine may repeat a resource's error). */
function diagnostics(output: string): string[] {
  // The Automation API's error holds the run's output twice (stderr, then the cause): take the first.
  const section = output.slice(output.indexOf("Diagnostics:")).split(/\n(?:Outputs|Resources):/)[0];
  return section.split(/\n(?= {2}\S)/).slice(1);
}

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
    t = await newStack(
      "native-providers",
      () => {
        const eu = new EsignProvider("eu", { apiKey: pulumi.secret(euKey), baseUrl: svc.baseUrl, requestsPerMinute: 60000, ...euSettings });
        const home = new nativeClasses.ApiApp("home", { name: "Home", domains: ["home.example.com"] });
        const away = new nativeClasses.ApiApp("away", { name: "Away", domains: ["away.example.com"] }, { provider: eu });
        // The Account component's children act for the provider the component is given.
        const file = "apiApps:\n  - key: eu\n    name: From the file\n    domains: [file.example.com]\n";
        const account = new pulumi.ComponentResource("esign:index:Account", "eu-account", { text: file, apiApps: undefined }, { providers: [eu] }, true) as any;
        return { homeOwner: (home as any).ownerAccount, awayOwner: (away as any).ownerAccount, fileApps: account.apiApps };
      },
      { config: svc.stackConfig(), env: pluginEnv() },
    );
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
    assert.deepStrictEqual(
      euCalls,
      ["account.get", "api_app.create", "api_app.create", "api_app.get", "api_app.get", "api_app.list"],
      "the eu provider made only the away app's and the component's app's calls (one app list for both; each new app read once, D120)",
    );
    const fileApp = (await api(svc, second.api_key).get(`/api_app/${up.outputs.fileApps.value.eu}`)).data.api_app;
    assert.strictEqual(fileApp.owner_account.account_id, second.account_id, "the component's app belongs to the eu account");
    const text = await t.exportText();
    assert.ok(!text.includes(second.api_key), "the explicit provider's key is not in state in plain text");
    assert.ok(!text.includes(svc.apiKey), "the default provider's key is not in state in plain text");
  });

  it("a key change is verified at preview with one read: another account's key fails naming the provider and is not recorded; a rotation is an update that replaces nothing", async () => {
    const recorded = async () => JSON.stringify((await t.stack.exportStack()).deployment); // secrets decrypted
    const noChange = await svc.lastSeq();
    await t.stack.preview({ expectNoChanges: true });
    assert.deepStrictEqual(await svc.requestsSince(noChange), [], "an unchanged key: no request");
    euKey = third.api_key;
    try {
      for (const run of [() => t.stack.preview(), () => t.stack.up()]) {
        const seq = await svc.lastSeq();
        await assert.rejects(
          run(),
          new RegExp(
            `provider eu: apiKey: the API key changed since the last deployment and the new key is for account ${third.account_id}, ` +
              `but this provider's objects belong to account ${second.account_id}; it was not recorded: use a key of account ${second.account_id}`,
          ),
        );
        assert.deepStrictEqual(operations(await svc.requestsSince(seq, third.account_id)), ["account.get"], "one read of the new key");
        assert.ok(
          (await svc.requestsSince(seq)).every((r) => r.method === "GET"),
          "nothing written",
        );
      }
      assert.ok(!(await recorded()).includes(third.api_key), "the refused key is not recorded in the state");
      euKey = (await svc.control("POST", `/accounts/${second.account_id}/api_keys`, {})).api_key;
      const seq = await svc.lastSeq();
      const preview = await t.stack.preview();
      assert.deepStrictEqual(changes({ resourceChanges: preview.changeSummary }), { update: 1 }, "the eu provider only");
      assert.ok(
        (await svc.requestsSince(seq)).every((r) => r.operation === "account.get"),
        "only verifying reads",
      );
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

  it("the account pin holds for an explicit provider: another account's key and an account outside allowedAccountIds refuse, state kept", async () => {
    const urns = async () => (await t.stack.exportStack()).deployment.resources.map((r: { urn: string }) => r.urn).sort();
    const before = await urns();
    euKey = third.api_key;
    try {
      const seq = await svc.lastSeq();
      // The provider's CheckConfig sees the changed key first (D63); the objects' pin would refuse it too.
      await assert.rejects(
        t.stack.refresh({ runProgram: true }),
        new RegExp(
          `provider eu: apiKey: the API key changed since the last deployment and the new key is for account ${third.account_id}, but this provider's objects belong to account ${second.account_id}`,
        ),
      );
      assert.deepStrictEqual(operations(await svc.requestsSince(seq, third.account_id)), ["account.get"], "the other account's key read only its account");
      assert.deepStrictEqual(await urns(), before, "nothing was taken for gone");
    } finally {
      euKey = second.api_key;
    }
    euSettings = { allowedAccountIds: [first] };
    try {
      await assert.rejects(
        t.stack.refresh({ runProgram: true }),
        new RegExp(`refused: provider eu: the API key is for account ${second.account_id} \\(\\S+\\), which is not in esign:allowedAccountIds \\(${first}\\); nothing was sent`),
      );
      assert.deepStrictEqual(await urns(), before);
    } finally {
      euSettings = {};
    }
    await t.stack.refresh({ runProgram: true });
    assert.deepStrictEqual(await urns(), before);
  });

  it("a refused key of an explicit provider names the provider, once in full per provider", async () => {
    const kept = (await svc.control("POST", `/accounts/${second.account_id}/api_keys`, {})).api_key;
    euKey = kept;
    try {
      await t.stack.up();
      await svc.control("DELETE", `/accounts/${second.account_id}/api_keys/${kept}`);
      const output = await t.stack.refresh({ runProgram: true }).then(
        () => assert.fail("the refresh succeeded"),
        (e: Error) => e.message,
      );
      const full =
        /provider eu: the API key was refused \(401 unauthorized\) by \S+: check the apiKey of provider eu \(an explicit provider reads only its own inputs, never esign:apiKey or ESIGN_API_KEY\)/;
      const short = /ApiApp read: refused: the API key was refused \(401\) by \S+; the reason and the fix are in the one error given in full for provider eu/;
      const groups = diagnostics(output);
      assert.strictEqual(groups.filter((g) => full.test(g)).length, 1, output);
      // The other eu resource, when the engine reached it before stopping, got the short line.
      const euResources = groups.filter((g) => /esign:index:ApiApp \((away|app:eu)\)/.test(g));
      assert.ok(
        euResources.every((g) => full.test(g) || short.test(g)),
        output,
      );
      assert.doesNotMatch(output, /check esign:apiKey/, "the stack's setting is not where this key comes from");
    } finally {
      euKey = second.api_key;
      await t.stack.up(); // records the eu account's first key again, for the plain destroy below
    }
  });

  it("destroy deletes each object with its own provider's key", async () => {
    const seq = await svc.lastSeq();
    await t.stack.destroy();
    const deletes = async (account: string) => (await svc.requestsSince(seq, account)).filter((r) => r.method === "DELETE").map((r) => r.operation);
    assert.deepStrictEqual(await deletes(second.account_id), ["api_app.delete", "api_app.delete"]);
    assert.deepStrictEqual(await deletes(first), ["api_app.delete"]);
  });
});
