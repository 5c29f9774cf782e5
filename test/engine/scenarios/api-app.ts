/**
 * ApiApp through the real engine, against the local service or a real account
 * (target.ts): the whole lifecycle, a preview that makes no request, set semantics of domains,
 * drift made through the API and found by refresh, the OAuth secret and the API key kept out
 * of state, bad input failing at preview, destroy.
 */
import * as assert from "assert";
import * as esign from "../../../provider";
import { changes, newStack, TestStack } from "../support/engine";
import { withoutRequests, type ScenarioSession, type ScenarioTarget } from "./target";

export function apiAppScenario(target: ScenarioTarget): void {
  describe(`${target.label}: ApiApp`, function () {
    this.timeout(600_000);
    let s: ScenarioSession;
    let t: TestStack;
    let args: esign.ApiAppArgs;

    before(async () => {
      s = await target.open();
      args = {
        name: s.name("Portal"),
        domains: ["a.example.com", "b.example.com"],
        callbackUrl: "https://a.example.com/events",
        oauth: { callbackUrl: "https://a.example.com/oauth", scopes: ["basic_account_info", "request_signature"] },
      };
      t = await newStack(
        "api-app",
        () => {
          const app = new esign.ApiApp("portal", args);
          return { clientId: app.clientId, oauthSecret: app.oauthSecret };
        },
        { config: s.stackConfig() },
      );
    });
    after(async () => {
      await t?.dispose();
      await s?.close();
    });

    it("previews with zero requests, creates, then sees no change", async () => {
      const preview = await withoutRequests(s, () => t.stack.preview(), "preview makes no API request");
      assert.strictEqual(preview.changeSummary.create, 2);

      const up = await t.stack.up();
      assert.deepStrictEqual(changes(up.summary), { create: 2 });
      const clientId = up.outputs.clientId.value;
      const app = (await s.api.get(`/api_app/${clientId}`)).data.api_app;
      assert.strictEqual(app.name, s.name("Portal"));
      assert.deepStrictEqual([...app.domains].sort(), ["a.example.com", "b.example.com"]);

      await withoutRequests(s, () => t.stack.preview({ expectNoChanges: true }), "an unchanged preview makes no API request");
    });

    it("compares domains as a set", async () => {
      args = { ...args, domains: ["B.example.com", "a.example.com"] };
      await t.stack.preview({ expectNoChanges: true });
    });

    it("updates the name and domains in place", async () => {
      args = { ...args, name: s.name("Portal v2"), domains: ["a.example.com", "c.example.com"] };
      const preview = await t.stack.preview();
      assert.strictEqual(preview.changeSummary.update, 1);
      assert.ok(!preview.changeSummary.replace && !preview.changeSummary.create, "no replace");
      const up = await t.stack.up();
      assert.deepStrictEqual(changes(up.summary), { update: 1 });
      const app = (await s.api.get(`/api_app/${up.outputs.clientId.value}`)).data.api_app;
      assert.strictEqual(app.name, s.name("Portal v2"));
      assert.deepStrictEqual([...app.domains].sort(), ["a.example.com", "c.example.com"]);
    });

    it("finds an edit made outside Pulumi with refresh, and puts it back", async () => {
      const clientId = (await t.stack.outputs()).clientId.value;
      // Through the API itself, as another tool (or the web UI) would: works on both targets.
      const edited = await s.api.put(`/api_app/${clientId}`, { name: s.name("Renamed elsewhere") });
      assert.strictEqual(edited.status, 200, JSON.stringify(edited.data));
      const refresh = await t.stack.refresh();
      assert.strictEqual(refresh.summary.resourceChanges?.update, 1);
      const preview = await t.stack.preview();
      assert.strictEqual(preview.changeSummary.update, 1, "the program's name is applied again");
      await t.stack.up();
      assert.strictEqual((await s.api.get(`/api_app/${clientId}`)).data.api_app.name, s.name("Portal v2"));
    });

    it("keeps the API key and the OAuth secret out of state in plain text", async () => {
      const outputs = await t.stack.outputs();
      assert.ok(outputs.oauthSecret.secret, "oauthSecret is a secret output");
      const secret = outputs.oauthSecret.value as string;
      assert.ok(secret && secret.length > 8);
      const state = await t.exportText();
      assert.ok(state.includes("ciphertext"), "secrets are stored encrypted");
      assert.ok(!state.includes(secret), "the OAuth secret is not in the state in plain text");
      assert.ok(!state.includes(s.stackConfig()["esign:apiKey"].value), "the API key is not in the state in plain text");
    });

    it("clears OAuth when the program removes it", async () => {
      const { oauth: _removed, ...withoutOAuth } = args;
      args = withoutOAuth;
      const up = await t.stack.up();
      assert.deepStrictEqual(changes(up.summary), { update: 1 });
      assert.strictEqual((await s.api.get(`/api_app/${up.outputs.clientId.value}`)).data.api_app.oauth, null);
      await t.stack.preview({ expectNoChanges: true });
    });

    it("rejects bad input at preview, naming the property, with zero requests", async () => {
      const good = args;
      args = { ...args, domains: Array.from({ length: 11 }, (_, i) => `d${i}.example.com`) };
      await withoutRequests(s, () => assert.rejects(t.stack.preview(), (e: Error) => /domains/.test(e.message) && /at most 10/.test(e.message)));
      args = good;
    });

    it("destroys the app", async () => {
      const clientId = (await t.stack.outputs()).clientId.value;
      const destroyed = await t.stack.destroy();
      assert.deepStrictEqual(changes(destroyed.summary), { delete: 2 });
      assert.strictEqual((await s.api.get(`/api_app/${clientId}`)).status, 404);
    });
  });
}
