/**
 * The native plugin (pulumi-resource-esign) through the real CLI and the local service: the
 * seven `esign:index:*` resources created, previewed (no change, no request), refreshed and
 * destroyed; the same program on the dynamic resources makes the same API calls; secrets stay
 * secret in state.
 */
import * as assert from "assert";
import { dynamicClasses } from "../../provider/account-file/program";
import { nativeClasses } from "../../provider/native/classes";
import { changes, newStack, TestStack } from "../helpers/engine";
import { localService, LocalService } from "../helpers/local";
import { allSeven, operations, pluginEnv } from "./native-support";

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

  it("creates all seven through the plugin; the OAuth secret is a secret output and the key is nowhere in state", async () => {
    const seq = await svc.lastSeq();
    const up = await t.stack.up();
    nativeCalls = operations(await svc.requestsSince(seq));
    assert.deepStrictEqual(changes(up.summary), { create: 8 }, "the stack and the seven resources");
    assert.ok(up.outputs.oauthSecret.secret, "oauthSecret is secret");
    const state = JSON.parse(await t.exportText());
    const types = state.deployment.resources.map((r: any) => r.type).filter((ty: string) => ty.startsWith("esign:")).sort();
    assert.deepStrictEqual(types, ["ApiApp", "FaxLine", "FaxLineUser", "Team", "TeamMember", "Template", "TemplateAccess"].map((k) => `esign:index:${k}`));
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

  it("destroys everything it made", async () => {
    const seq = await svc.lastSeq();
    const down = await t.stack.destroy();
    assert.deepStrictEqual(changes(down.summary), { delete: 8 });
    const deletes = operations((await svc.requestsSince(seq)).filter((r) => r.method !== "GET"));
    assert.deepStrictEqual(deletes, ["api_app.delete", "fax_line.delete", "fax_line.remove_user", "team.destroy", "team.remove_member", "template.delete", "template.remove_user"]);
  });
});
