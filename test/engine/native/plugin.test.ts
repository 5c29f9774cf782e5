/**
 * The native plugin (pulumi-resource-esign) through the real CLI and the local service: the
 * seven `esign:index:*` resources created, previewed (no change, no request), refreshed and
 * destroyed; the same program on the dynamic resources makes the same API calls; secrets stay
 * secret in state.
 */
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { dynamicClasses } from "../../../provider/dynamic/classes";
import { nativeClasses } from "../../../provider/native/classes";
import type { ApiAppArgs } from "../../../provider/dynamic/args";
import { changes, newStack, TestStack } from "../support/engine";
import { localService, LocalService } from "../../support/local";
import { allSeven, operations, pluginEnv } from "../support/native-support";

describe("engine: the native plugin, seven resources", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let t: TestStack;
  let nativeCalls: string[] = [];

  before(async () => {
    svc = await localService({ autoAcceptInvites: true });
    t = await newStack("native-seven", () => allSeven(nativeClasses), { config: svc.stackConfig(), env: pluginEnv() });
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("previews the seven creates (unknown ids flowing between them) with one request: a new provider's key account (D84)", async () => {
    const seq = await svc.lastSeq();
    const preview = await t.stack.preview();
    assert.deepStrictEqual(changes({ resourceChanges: preview.changeSummary }), { create: 8 });
    // A brand-new provider records the account of its key at its first CheckConfig, so a later key change costs one read.
    assert.deepStrictEqual(
      (await svc.requestsSince(seq)).map((r) => `${r.method} ${r.path}`),
      ["GET /v3/account"],
    );
  });

  it("creates all seven through the plugin; the OAuth secret is a secret output and the key is nowhere in state", async () => {
    const seq = await svc.lastSeq();
    const up = await t.stack.up();
    nativeCalls = operations(await svc.requestsSince(seq));
    assert.deepStrictEqual(changes(up.summary), { create: 8 }, "the stack and the seven resources");
    assert.ok(up.outputs.oauthSecret.secret, "oauthSecret is secret");
    const state = JSON.parse(await t.exportText());
    const types = state.deployment.resources
      .map((r: any) => r.type)
      .filter((ty: string) => ty.startsWith("esign:"))
      .sort();
    assert.deepStrictEqual(
      types,
      ["ApiApp", "FaxLine", "FaxLineUser", "Team", "TeamMember", "Template", "TemplateAccess"].map((k) => `esign:index:${k}`),
    );
    const provider = state.deployment.resources.find((r: any) => r.type === "pulumi:providers:esign");
    assert.ok(provider, "a default esign provider");
    const text = await t.exportText();
    assert.ok(!text.includes(svc.apiKey), "the API key is not in the state in plain text");
    assert.ok(!text.includes(up.outputs.oauthSecret.value), "the OAuth secret is not in the state in plain text");
    const member = state.deployment.resources.find((r: any) => r.urn.endsWith("::alice"));
    assert.strictEqual(member.outputs.status, "member");
  });

  it("previews no change without a request, and refresh finds no drift", async () => {
    const seq = await svc.lastSeq();
    await t.stack.preview({ expectNoChanges: true });
    assert.deepStrictEqual(await svc.requestsSince(seq), []);
    const refresh = await t.stack.refresh();
    assert.deepStrictEqual(changes(refresh.summary), {});
    await t.stack.preview({ expectNoChanges: true });
  });

  it("the same program on the dynamic resources makes the same API calls", async () => {
    const other = await localService({ autoAcceptInvites: true });
    const dyn = await newStack("dynamic-seven", () => allSeven(dynamicClasses), { config: other.stackConfig() });
    try {
      const seq = await other.lastSeq();
      const up = await dyn.stack.up();
      assert.deepStrictEqual(changes(up.summary), { create: 8 });
      assert.deepStrictEqual(nativeCalls, operations(await other.requestsSince(seq)));
      assert.ok(nativeCalls.length > 0);
    } finally {
      await dyn.dispose();
      await other.close();
    }
  });

  it("lookups find each kind of object in one line of program, and Type.get reads full outputs", async () => {
    const made = await t.stack.outputs();
    const lookups = await newStack(
      "native-lookups",
      async () => {
        const inv = (fn: string, args: Record<string, unknown>) => pulumi.runtime.invoke(`esign:index:${fn}`, args);
        const byId = {} as ApiAppArgs; // as Type.get: no inputs, the engine reads the object by its id
        const got = new nativeClasses.ApiApp("got", byId, { id: made.clientId.value });
        return {
          account: await inv("getAccount", {}),
          team: await inv("getTeam", {}),
          template: await inv("getTemplate", { title: "NDA" }),
          templateById: await inv("getTemplate", { templateId: made.templateId.value }),
          app: (await inv("getApiApp", { name: "Portal" })).clientId,
          line: await inv("getFaxLine", { number: made.number.value }),
          got: { name: (got as any).name, domains: (got as any).domains, oauthSecret: (got as any).oauthSecret },
        };
      },
      { config: svc.stackConfig(), env: pluginEnv() },
    );
    try {
      const seq = await svc.lastSeq();
      const up = await lookups.stack.up();
      const out = (k: string) => up.outputs[k].value;
      assert.match(out("account").accountId, /\w+/);
      assert.deepStrictEqual([out("team").teamId, out("team").name], [made.teamId.value, "Ops"]);
      assert.strictEqual(out("template").templateId, made.templateId.value);
      assert.deepStrictEqual(out("template").signerRoles, [{ name: "Client", order: 0 }]);
      assert.deepStrictEqual(out("templateById"), out("template"));
      assert.strictEqual(out("app"), made.clientId.value);
      assert.strictEqual(out("line").number, made.number.value);
      assert.deepStrictEqual([out("got").name, out("got").domains], ["Portal", ["portal.example.com"]]);
      assert.strictEqual(out("got").oauthSecret, made.oauthSecret.value);
      assert.ok(!(await lookups.exportText()).includes(made.oauthSecret.value), "a read resource's OAuth secret stays secret in state");
      const calls = operations(await svc.requestsSince(seq));
      // getAccount, getTeam, getTemplate by title (list + get) and by id, getApiApp and the
      // read of `got` (one shared app list), getFaxLine.
      assert.deepStrictEqual(calls, ["account.get", "api_app.list", "fax_line.get", "team.info", "template.get", "template.get", "template.list"]);
      const missing = await newStack(
        "native-lookup-missing",
        async () => ({
          app: await pulumi.runtime.invoke("esign:index:getApiApp", { name: "Nope" }),
        }),
        { config: svc.stackConfig(), env: pluginEnv() },
      );
      try {
        await assert.rejects(missing.stack.preview(), /getApiApp: no API app named "Nope"/);
      } finally {
        await missing.dispose();
      }
    } finally {
      await lookups.dispose({ skipDestroy: true });
    }
  });

  it("destroys everything it made", async () => {
    const seq = await svc.lastSeq();
    const down = await t.stack.destroy();
    assert.deepStrictEqual(changes(down.summary), { delete: 8 });
    const deletes = operations((await svc.requestsSince(seq)).filter((r) => r.method !== "GET"));
    assert.deepStrictEqual(deletes, ["api_app.delete", "fax_line.delete", "fax_line.remove_user", "team.destroy", "team.remove_member", "template.delete", "template.remove_user"]);
  });
});
